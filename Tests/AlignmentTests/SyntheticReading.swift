import Alignment
import DSP
import RealModule
import TestSupport

/// A narration with known verse onsets, built in memory from verse texts.
///
/// Each word is a harmonic tone (147 Hz fundamental, 20 harmonics at 1/k, from a one-period
/// wavetable) lasting letters × `secondsPerLetter`, with 8 ms raised-cosine edges; words are
/// 25 ms apart (no pause). After a comma the reader pauses `commaPause`, after ; : . ! ?
/// `sentencePause`, between verses `versePause` (drawn per pause). Optional: a heading
/// (tone of 1 s) before verse 1, white room tone, 50/60 Hz hum with harmonics, and a breath
/// (white noise, 250 ms, Hann) in the middle of long verse pauses. Times are frames.
struct SyntheticReading {
  /// `x` through `times` one-pole high- or low-passes at `hz` (`rate` frames per second).
  static func onePole(_ x: [Float], hz: Double, high: Bool, times: Int, rate: Double) -> [Float] {
    let a = Float(Double.exp(-2 * Double.pi * hz / rate))
    var y = x
    for _ in 0..<times {
      var state: Float = 0
      var previous: Float = 0
      for n in y.indices {
        let input = y[n]
        state = high ? a * (state + input - previous) : (1 - a) * input + a * state
        previous = input
        y[n] = state
      }
    }
    return y
  }

  struct Options {
    var sampleRate = 22_050
    var channelCount = 1
    var secondsPerLetter = 0.06
    /// Each phrase (words up to a pause) read at `secondsPerLetter` × (1 ± up to this).
    var phraseTempoSpread = 0.0
    var versePause: ClosedRange<Double> = 0.8...1.2
    var sentencePause: ClosedRange<Double> = 0.4...0.65
    var commaPause: ClosedRange<Double> = 0.15...0.3
    var heading = false
    var headingPause = 1.4
    /// The heading is one word of 0.35 s ("Three"), not two of 0.45 and 0.5 s.
    var shortHeading = false
    var noiseDBFS: Double = -75
    var hum: (hz: Double, dBFS: Double)? = nil
    var breaths = false
    /// Room tone (white noise at this level) that fills every pause between words, while the
    /// lead and tail keep `noiseDBFS`: a real room's pauses, far above its quietest moments.
    var pauseFillDBFS: Double? = nil
    /// A breath in every verse pause ending `closeBreathGap` before the verse: band-limited
    /// (≈ 0.9–4 kHz), 350 ms, 10–15 dB under the words.
    var closeBreaths = false
    var closeBreathGap = 0.06
    /// The close breath's gain (0.12: 10–15 dB under the words).
    var closeBreathGain: Float = 0.12
    /// Verses (0-based) read straight on from the one before, with no pause.
    var runOn: Set<Int> = []
    /// The silence between a verse run on and the one before (25 ms: under any pause).
    var runOnGap = 0.025
    /// Verses (0-based) not read at all; their onset is the next verse's.
    var skipped: Set<Int> = []
    /// Verses (0-based) read twice, a verse pause apart; their onset is the second reading's.
    var retaken: Set<Int> = []
    /// The earlier take of a retaken verse read this much slower (> 1) or faster, and at this
    /// ratio of the voice's pitch with the same spectral envelope (each word's harmonic weights
    /// read off at the harmonics' new frequencies), as a person reads a verse again.
    var retakeTempo = 1.0
    var retakePitch = 1.0
    /// Each distinct word (its letters, lower-cased) gets its own harmonic weights, the same
    /// wherever it is read: words sound different from each other, a repeat sounds the same.
    var wordTimbres = false
    /// Each letter (lower-cased) gets its own resonance (a seeded harmonic 1–20 stands out over
    /// a weak 1/k slope) and an equal share of its word: the words' sounds follow their
    /// spelling, with no dip between letters.
    var letterTimbres = false
    /// With `letterTimbres`: a letter's resonance is that of it and the letter after it in the
    /// word ("th" unlike "ta"; a word's last letter its own), as spelling sounds.
    var pairTimbres = false
    /// A pause the text does not mark (a breath, a hesitation) after every `unmarkedEvery`-th
    /// word of a verse that ends in no mark, drawn from this range.
    var unmarkedPause: ClosedRange<Double>? = nil
    var unmarkedEvery = 4
    /// Verses (0-based) opened with a false start: their first `words` words, then `pause`
    /// seconds of silence, then the verse whole (its onset is the second reading's).
    var falseStarts: [Int: (words: Int, pause: Double)] = [:]
    /// Verses (0-based) opening with a weak fricative (an /h/ or /f/): 80 ms of white noise
    /// at −52 dBFS RMS before the first word, under any room tone; the verse's onset is its start.
    var hiddenOpenings: Set<Int> = []
    /// Verses (0-based) preceded by a murmur: white noise through two 400 Hz one-pole low-passes
    /// (dull: 21 dB less above 3 kHz than above 250 Hz; a sine would be a music note,
    /// `SpeechMap+Notes`), −42.5 dBFS RMS (−47 dBFS above 250 Hz), for 160 ms, then `murmurGap` seconds of room tone; the verse's onset is its first
    /// word, after the gap (a diphone voice's pause unit, a hum before speaking).
    var murmurs: Set<Int> = []
    var murmurGap = 0.04
    /// The murmur's length and gain (0.075: the levels above).
    var murmurSeconds = 0.16
    var murmurGain: Float = 0.075
    var gainDB: Double = 0
    var lead = 0.6
    var tail = 1.0
    var seed: UInt64 = 1
  }

  let audio: AudioBuffer
  /// First sound of each verse.
  let onsets: [Int]
  /// The silence before each verse: previous last sound → this onset.
  let gaps: [FrameRange]
  let headingOnset: Int?
  let headingOffset: Int?

  init(_ verses: [String], _ options: Options = Options()) {
    let rate = Double(options.sampleRate)
    var rng = SplitMix64(seed: options.seed)
    func draw(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + Double(rng.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
    let period = Int((rate / 147).rounded())
    let table = (0..<period).map { n -> Float in
      var value = 0.0
      for k in 1...20 { value += Double.sin(2 * Double.pi * Double(k * n) / Double(period)) / Double(k) }
      return Float(value / 2.2)
    }
    var mono: [Float] = []
    func silence(_ seconds: Double) { mono += [Float](repeating: 0, count: Int(seconds * rate)) }
    /// A one-period wavetable per word: harmonic k at (1/k)·(0.15 + u_k), u_k seeded by the word;
    /// at `pitch` times the voice's, the weights at frequency k·pitch (linear between harmonics).
    func timbre(_ text: Substring, pitch: Double = 1) -> [Float] {
      guard options.wordTimbres || options.letterTimbres else { return table }
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.lowercased().filter(\.isLetter).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      var voice = SplitMix64(seed: hash)
      let uniform = { Double(voice.next() >> 11) / Double(1 << 53) }
      // A letter: one resonance (a formant) at a seeded harmonic, over a weak 1/k slope.
      let formant = options.letterTimbres ? 1 + 19 * uniform() : 0
      let resonance = { (k: Int) -> Double in
        let x = (Double(k) - formant) / 1.5
        return 0.1 / Double(k) + Double.exp(-x * x) / 2
      }
      let weights: [Double] =
        options.letterTimbres ? (1...20).map(resonance) : (1...20).map { k in (0.15 + uniform()) / Double(k) }
      let length = pitch == 1 ? period : Int((Double(period) / pitch).rounded())
      let harmonics =
        pitch == 1
        ? weights
        : (1...20).map { k -> Double in
          let at = Double(k) * pitch - 1
          let low = Int(at)
          guard at >= 0, low < 19 else { return at < 0 ? weights[0] : 0 }
          return weights[low] + (weights[low + 1] - weights[low]) * (at - Double(low))
        }
      return (0..<length).map { n -> Float in
        var value = 0.0
        for k in 1...20 { value += harmonics[k - 1] * Double.sin(2 * Double.pi * Double(k * n) / Double(length)) }
        return Float(value / 2.2)
      }
    }
    func word(_ seconds: Double, amplitude: Float, table: [Float]) {
      word(seconds, amplitude: amplitude, tables: [table])
    }
    /// A word whose equal parts sound like `tables`, one after the other.
    func word(_ seconds: Double, amplitude: Float, tables: [[Float]]) {
      let count = max(Int(seconds * rate), 64)
      let ramp = min(Int(0.008 * rate), count / 2)
      for n in 0..<count {
        var gain = amplitude
        if n < ramp { gain *= 0.5 - 0.5 * Float.cos(Float.pi * Float(n) / Float(ramp)) }
        if n >= count - ramp { gain *= 0.5 - 0.5 * Float.cos(Float.pi * Float(count - 1 - n) / Float(ramp)) }
        let table = tables[n * tables.count / count]
        mono.append(gain * table[mono.count % table.count])
      }
    }
    silence(options.lead)
    var onsets: [Int] = []
    var gaps: [FrameRange] = []
    var lastOffset = 0
    if options.heading {
      headingOnset = mono.count
      if options.shortHeading {
        word(0.35, amplitude: 0.3, table: table)
      } else {
        word(0.45, amplitude: 0.3, table: table)
        silence(0.03)
        word(0.5, amplitude: 0.3, table: table)
      }
      headingOffset = mono.count
      lastOffset = mono.count
      silence(options.headingPause)
    } else {
      headingOnset = nil
      headingOffset = nil
    }
    var breathSpans: [Range<Int>] = []
    var closeBreathSpans: [Range<Int>] = []
    var fills: [Range<Int>] = []
    func pause(_ seconds: Double) {
      let start = mono.count
      silence(seconds)
      fills.append(start..<mono.count)
    }
    var pendingSkipped = 0
    for (v, verse) in verses.enumerated() {
      if options.skipped.contains(v) {
        pendingSkipped += 1
        continue
      }
      if v > 0 && options.runOn.contains(v) {
        silence(options.runOnGap)
      } else if v > 0 {
        let length = draw(options.versePause)
        let start = mono.count
        pause(length)
        if options.breaths && length >= 0.7 {
          breathSpans.append(
            (start + mono.count) / 2 - Int(0.125 * rate)..<(start + mono.count) / 2 + Int(0.125 * rate))
        }
        if options.closeBreaths {
          let end = mono.count - Int(options.closeBreathGap * rate)
          closeBreathSpans.append(max(start, end - Int(0.35 * rate))..<end)
        }
      }
      func read(words limit: Int = .max, earlierTake: Bool = false) {
        let words = verse.split(separator: " ").prefix(limit)
        let spread = options.phraseTempoSpread
        var tempo = spread > 0 ? 1 + draw(-spread...spread) : 1
        let pace = earlierTake ? options.retakeTempo : 1
        let pitch = earlierTake ? options.retakePitch : 1
        for (w, text) in words.enumerated() {
          let letters = Double(text.filter { $0.isLetter || $0.isNumber }.count)
          let spelt = text.filter { $0.isLetter || $0.isNumber }.map(String.init)
          let tables =
            options.letterTimbres && letters > 0
            ? spelt.indices.map { i in
              timbre(
                Substring(spelt[i] + (options.pairTimbres && i + 1 < spelt.count ? spelt[i + 1] : "")), pitch: pitch)
            } : [timbre(text, pitch: pitch)]
          word(
            letters * options.secondsPerLetter * tempo * pace, amplitude: 0.2 + 0.2 * Float(draw(0...1)),
            tables: tables)
          guard w < words.count - 1, let last = text.last else { continue }
          if ",;:.!?".contains(last), spread > 0 { tempo = 1 + draw(-spread...spread) }
          if ",".contains(last) {
            pause(draw(options.commaPause))
          } else if ";:.!?".contains(last) {
            pause(draw(options.sentencePause))
          } else if let unmarked = options.unmarkedPause, (w + 1) % options.unmarkedEvery == 0 {
            pause(draw(unmarked))
          } else {
            silence(0.025)
          }
        }
      }
      if options.retaken.contains(v) {
        read(earlierTake: true)
        lastOffset = mono.count
        pause(draw(options.versePause))
      }
      if let start = options.falseStarts[v] {
        read(words: start.words)
        lastOffset = mono.count
        pause(start.pause)
      }
      if options.murmurs.contains(v) {
        // The gain is measured (numpy, the same filters at 22.05 kHz), not derived.
        let a = Float.exp(-2 * Float.pi * 400 / Float(rate))
        var (y1, y2): (Float, Float) = (0, 0)
        for _ in 0..<Int(options.murmurSeconds * rate) {
          y1 = a * y1 + (1 - a) * rng.nextSignedUnit()
          y2 = a * y2 + (1 - a) * y1
          mono.append(options.murmurGain * y2)
        }
        pause(options.murmurGap)
      }
      for _ in 0...pendingSkipped {
        onsets.append(mono.count)
        gaps.append(FrameRange(start: lastOffset, end: mono.count))
      }
      pendingSkipped = 0
      if options.hiddenOpenings.contains(v) {
        let amplitude = Float(Double.exp10(-52.0 / 20) * 3.0.squareRoot())
        let start = mono.count
        for _ in 0..<Int(0.08 * rate) { mono.append(amplitude * rng.nextSignedUnit()) }
        fills.append(start..<mono.count)
      }
      read()
      lastOffset = mono.count
    }
    silence(options.tail)
    let gain = Float(Double.exp10(options.gainDB / 20))
    let noiseAmplitude = Float(Double.exp10(options.noiseDBFS / 20) * 3.0.squareRoot())
    for span in breathSpans {
      for n in span {
        let hann = 0.5 - 0.5 * Float.cos(2 * Float.pi * Float(n - span.lowerBound) / Float(span.count))
        mono[n] += 0.01 * hann * rng.nextSignedUnit()
      }
    }
    // Band-limited breath (turbulence noise has little below 1 kHz): white noise through two
    // 900 Hz one-pole high-passes and a 4 kHz one-pole low-pass, under a Hann window.
    for span in closeBreathSpans {
      let white = span.map { _ in rng.nextSignedUnit() }
      let breath = Self.onePole(
        Self.onePole(white, hz: 900, high: true, times: 2, rate: rate), hz: 4_000, high: false, times: 1, rate: rate)
      for (i, n) in span.enumerated() {
        let hann = 0.5 - 0.5 * Float.cos(2 * Float.pi * Float(n - span.lowerBound) / Float(span.count))
        mono[n] += options.closeBreathGain * hann * breath[i]
      }
    }
    if let fill = options.pauseFillDBFS {
      let amplitude = Float(Double.exp10(fill / 20) * 3.0.squareRoot())
      for span in fills {
        for n in span { mono[n] += amplitude * rng.nextSignedUnit() }
      }
    }
    let humAmplitude = options.hum.map { Float(Double.exp10($0.dBFS / 20) * 2.0.squareRoot() / 1.2) } ?? 0
    let humStep = 2 * Double.pi * (options.hum?.hz ?? 0) / rate
    var samples = [Float](repeating: 0, count: mono.count * options.channelCount)
    for n in mono.indices {
      var x = gain * mono[n] + noiseAmplitude * rng.nextSignedUnit()
      if humAmplitude > 0 {
        let phase = humStep * Double(n)
        x += humAmplitude * Float(Double.sin(phase) + 0.5 * Double.sin(2 * phase) + 0.3 * Double.sin(3 * phase))
      }
      for c in 0..<options.channelCount { samples[n * options.channelCount + c] = c == 1 ? 0.8 * x : x }
    }
    audio = AudioBuffer(samples: samples, channelCount: options.channelCount, sampleRate: options.sampleRate)
    self.onsets = onsets
    self.gaps = gaps
  }

  /// True when `frame` lies in verse `v`'s own gap, ± `slackFrames`.
  func isInOwnGap(_ frame: Int, verse v: Int, slackFrames: Int) -> Bool {
    frame >= gaps[v].start - slackFrames && frame <= gaps[v].end + slackFrames
  }
}

/// Verse texts with the punctuation patterns of real chapters.
enum SampleText {
  static let psalm23 = [
    "Yahweh is my shepherd; I shall lack nothing.",
    "He makes me lie down in green pastures. He leads me beside still waters.",
    "He restores my soul. He guides me in the paths of righteousness for his name's sake.",
    "Even though I walk through the valley of the shadow of death, I will fear no evil, for you are with me. Your rod and your staff, they comfort me.",
    "You prepare a table before me in the presence of my enemies. You anoint my head with oil. My cup runs over.",
    "Surely goodness and loving kindness shall follow me all the days of my life, and I will dwell in Yahweh's house forever.",
  ]

  static let psalm121 = [
    "I will lift up my eyes to the hills. Where does my help come from?",
    "My help comes from Yahweh, who made heaven and earth.",
    "He will not allow your foot to be moved. He who keeps you will not slumber.",
    "Behold, he who keeps Israel will neither slumber nor sleep.",
    "Yahweh is your keeper. Yahweh is your shade on your right hand.",
    "The sun will not harm you by day, nor the moon by night.",
    "Yahweh will keep you from all evil. He will keep your soul.",
    "Yahweh will keep your going out and your coming in, from this time forward, and forever more.",
  ]

  static func inputs(_ verses: [String]) -> [VerseInput] {
    verses.enumerated().map { VerseInput(label: String($0.offset + 1), text: $0.element) }
  }
}
