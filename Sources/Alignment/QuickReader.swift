/// A reader who hurries over verse breaks: every verse pause shorter than the pauses inside
/// the verses.
///
/// The first pass expects a verse pause at the chapter's own scale (the median of its N − 1
/// longest pauses, `PassPlan.pauseScale`) and a comma pause at 0.4 of it. A reader whose verse
/// pauses are the shortest in the chapter (0.09–0.2 s against commas of 0.22–0.5 s) has
/// those longest pauses at commas: the first pass puts each verse break at the comma pause
/// after the verse's first phrase, the second learns verse pauses from those and keeps them.
/// Ecclesiastes 3 read so (every verse "A time to…, and a time to…"), the clock cannot tell
/// the shift, and verses came out a phrase late at up to 0.98.
///
/// The letters can: along that path each phrase is spelt with its neighbour's words, and they
/// explain the sound poorly (`LetterOrderCheck` gain 0.8–1.3 on such synthetic readings, 12
/// aligned right). And when the path is right, the pause lengths learnt from it may still fit
/// poorly (fit 0.00–0.3): verse pauses shorter than commas are not what the first pass
/// expected. So when the alignment found gains less than `tryBelowGain`, or fits under
/// `FitCheck.lowFit`, the chapter is aligned again with a prior that expects verse pauses like
/// comma pauses (`CostModel.quickVerses`). That alignment, with its prior for everything
/// after, is kept when its pauses fit, its words explain the sound clearly (`leastGain`), and
/// either better (by `gainMargin` and by the factor `gainRatio`) or, where the first did not
/// fit, about as well (`sameGain`).
///
/// `leastGain`: a wrong chapter's text (seed 6's 1 Corinthians 13 read against Ecclesiastes
/// 3) gained 0.91 that way, enough to pass the letters' check, at confidence 0.93 and with no
/// warning. Right alignments of hurried readers reached 2.4–6.4 (one 1.4).
///
/// On the generated `hurried` chapters (`bench/corpus/make_real.py`, seeds 1–48, 96 chapters,
/// 712 verses): 456 verses right and 27 chapters refused before, 676 and 4 after. On the
/// real-room corpus (seeds 1–9, 41–46 and 97–104, 875 chapters) three alignments changed: seed
/// 41's fast Psalm 100 (gain 2.15 → 3.91, its verse 2 put right, 946 ms later) and two hurried
/// Psalm 23s (verse 4 put right). Wrong pairs of seeds 1–6, 41–43 and 97–104: the same 1,129
/// of 1,169 refused, none accepted at 0.9 or more or without a warning.
///
/// Where the words can hardly tell the phrases apart, the pauses may say it alone. Psalm 150
/// read by the kal voice (every phrase "Praise him…") gains 0.7–1.4 either way, too little for
/// `leastGain`; three such hurried readings (`make_real.py --conditions hurried`, seeds 19, 22
/// and 24) were refused as another chapter's, though the quick reader's alignment put every
/// verse right, fitting its pauses at 1.0 and scoring 0.53–0.58 better than the first (which
/// fit at 0.04–0.12). So an alignment whose pauses fit at `pausesFit` or more where the first
/// did not fit, scoring better by `pausesAloneScoreMargin`, is kept when its words explain the
/// sound at all (a gain over `pausesAloneLeastGain`: see below). Of 1,095 pairings with another
/// chapter's text where the quick reader was tried (seeds 1–6, 41–43, 97–104), none passes: the
/// best scored 0.34 better but gained −0.23 and fit at 0.98, the next 0.22 better. Of the 402
/// matching chapters of those corpora where it was tried, none scored more than 0.09 better.
/// The margin was 0.4 (`pausesScoreMargin`) until held-back seed 130's hurried Psalm 150 read by
/// kal was refused: its quick alignment had every verse right, fit at 1.0, gained 1.02 and
/// scored 0.38 better than the first (fit 0.05, gain 0.05, every verse a phrase late). Of the
/// 1,366 pairings with another chapter's text (seeds 1–6, 41–43, 97–108) none has a quick
/// alignment fitting at 0.99 where the first does not fit; of the matching chapters of seeds
/// 1–9, 41–46, 97–128 and the `hurried` corpora that do, every one scoring 0.15–0.4 better was
/// kept by the rules below (gains 2.5–5.6), so 0.3 changes only that chapter. The words had
/// to explain the sound at `LetterOrderCheck.doubtBelowGain` until held-back seed 256's
/// hurried Psalm 150 read by kal was refused so: its quick alignment had every verse right, fit
/// at 1.0 and scored 0.53 better than the first (fit 0.006, the title and every verse half a
/// verse off), but gained 0.34 (the first 0.98). Now a gain over `pausesAloneLeastGain` will
/// do: words explaining the sound better in their order than read backwards. Of the 2,375 quick
/// alignments tried in `wrongpairs.py`'s runs (seeds 1–6, 41–43, 97–108; another chapter's
/// text and the recording's own), none that fit at 0.99 or more where the first did not, and
/// scored 0.3 better, gained under 2.6; such an alignment is in any case then held under 0.9
/// with a warning (`LetterOrderCheck.doubtBelowGain`, in `Aligner.checkedText`).
///
/// Where both explain the recording, the quick one may still be better on every count: its
/// words gain more (by `betterGain`), its pauses fit at `pausesFit` or more, and it scores
/// better by `betterScoreMargin`. Four readings the first put a verse or two a phrase off were
/// so: hurried Romans 8 and Genesis 1 read by kal (hurried seeds 31 and 3; first fits 0.79 and
/// 0.87), held-back seed 119's hurried Luke 2 (verses 8 and 9, 352 ms early and 591 ms late,
/// fit 0.86) and seed 44's fast Psalm 23 read by slt (verse 4, 769 ms late, fit 1.0): gains
/// 0.13–0.57 higher, scores 0.10–0.23 better, every verse right in the quick alignment. Of the
/// other alignments where it was tried (2,704 in all: the `hurried` corpora 1–48, seeds 1–9,
/// 41–46, 97–120, and `wrongpairs.py`'s pairings of seeds 1–6, 41–43, 97–108) whose quick
/// alignment gained more by `betterGain`, the best scored 0.006 better (seed 104's
/// reverberant Ecclesiastes 3).
///
/// A first alignment that fits and whose words explain the sound well (gain 3 or more) may
/// still have a hurried reader's verse a phrase off. Its own pauses say the reader hurries
/// (`pausesLookQuick`: verse pauses under `quickPauseRatio` of the pauses between phrases;
/// about 0.2–0.65 for the `hurried` chapters of seeds 1–9, 41–46, 97–120, 0.5 or more for the
/// `fast` ones, 0.9 or more for the others, 0 for a reader who runs every verse on). Such a
/// chapter is aligned the quick way too, and that alignment is kept by the rules above or when
/// its pauses fit at `pausesFit` or more, it scores better by `pausesScoreMargin`, and its
/// words explain the sound about as well (`sameGain`, and at least `leastGain`). On those seeds
/// 59 chapters were tried so and 10 kept, all hurried (scores 0.13–0.78 better; 0.40–0.71 for
/// the 6 kept by this rule), and 385 → 391 of the 395 hurried verses came right; of the other
/// 49, the quick alignment scored at most 0.36 better (a hurried one), 0.27 for the others, and
/// no output of another condition changed. The `hurried` corpora (seeds 1–48): 705 → 708 of 712.
///
/// The quick alignment looks for pauses `shorterPauseMilliseconds` shorter than the shortest
/// asked for (`--min-pause-ms`, 90 ms → 80): a hurried reader's verse pause of 90–100 ms loses
/// a hop or two to its edges and was no pause at all. Hurried seed 23's Ruth 1 ("…and his two
/// sons. | And the name of the man…", 93 ms) had verse 2 a phrase early, at the comma pause
/// before "and his two sons". On seeds 1–9, 41–46, 97–120 four hurried verses came right and
/// one went a phrase off at 0.56 (seed 46's Psalm 23:4 read by kal, which opens "Yea,"): 11,292
/// → 11,296 of 11,306, hurried 391 → 394 of 395. The `hurried` corpora (seeds 1–48): three
/// right, two ("Yea," again) off, 708 → 709 of 712; 70 ms did as well there, 60 ms worse (704).
///
/// A quick alignment's own pauses fit poorly by `FitCheck`'s measure, which expects verse
/// pauses longer than the unexplained ones: a hurried reader's are not. Where the first
/// alignment does not fit either, its words decide (`wordsVouch`). Held-back seed 126's hurried
/// Luke 2:15–20 read by kal (verse pauses 103–194 ms, commas 300–500 ms) was refused as another
/// chapter's: the first alignment put every verse a phrase late (gain 0.15, fit 0.00, score
/// 0.24), the quick one every verse right (gain 3.36, fit 0.00, score 0.07). Where neither fits,
/// the quick alignments of 1,366 pairings with another chapter's text (seeds 1–6, 41–43,
/// 97–108) gained at most 1.65, those of the 151 matching chapters of seeds 1–9, 41–46, 97–128
/// (wrong-chapter recordings among them) other than that one at most 1.36, and the `hurried`
/// corpora's three 2.53–3.75 but less than their first alignments. Kept so, the alignment is
/// then weighed as any that fits poorly (`Aligner.checkedText`): its words vouch for it, and its
/// confidences stay under 0.9 with a warning.
///
/// A hurried reader's short verse pauses are plainest at the room's floor. Where the first
/// alignment was kept at a deeper setting (`Aligner.pauseDepthsDB`: its pauses did not fit at
/// the floor, as a hurried reader's do not) and the quick alignment there is not kept, the quick
/// reader is tried at the floor too. Held-back seed 140's hurried Luke 2 read by espeak fit at
/// 0.01 at the floor once the fit counted unexplained pauses lightly (`FitCheck`), so depth 26
/// was kept (score −0.31), where the quick alignment scored −0.25 and verse 9 went 0.8 s late;
/// at the floor the quick one scored −0.93 with every verse right. So did seed 46's hurried
/// Psalm 23 read by kal, whose first alignment was kept at depth 20 under either fit: verse 4
/// ("Yea,") had been 838 ms late at 0.56 (quick alignment at depth 20: score −0.12, not kept;
/// at the floor −0.50, gain 3.24 against 2.74).
///
/// The second alignment costs about as much as the first, which hardly shows on a chapter but
/// does on a long recording: 0.65 s more on the 68-minute, 540-verse speed file (whose 13
/// voices blur its letters to a gain of 1.9), against about 4 s for the whole. So it is tried
/// only on texts of at most `mostSegments` segments (Psalm 119, the longest chapter, has 176).
enum QuickReader {
  static let mostSegments = 200
  static let tryBelowGain = 3.0
  static let leastGain = 2.0
  static let gainMargin = 0.75
  static let gainRatio = 1.4
  static let sameGain = 0.25
  static let pausesFit = 0.99
  static let pausesScoreMargin = 0.4
  static let pausesAloneScoreMargin = 0.3
  static let pausesAloneLeastGain = 0.0
  static let betterGain = 0.1
  static let betterScoreMargin = 0.05
  static let quickPauseRatio = 0.75
  static let shorterPauseMilliseconds = 10

  /// Replaces `found` (and sets `options.quickVerses`) when the quick reader's alignment, made
  /// by `align` at the depth of `found`'s pauses (`SpeechMap.depthBelowSpeechDB`) or else at
  /// the floor, with the options given, explains the recording better as described above.
  static func choose(
    _ found: inout Aligner.Attempt, options: inout AlignmentOptions,
    align: (Float?, AlignmentOptions) -> Aligner.Attempt?
  ) {
    guard options.fixedStarts.isEmpty, !options.quickVerses, found.result.segments.count <= mostSegments else { return }
    // Weighed in place: the alignment kept carries its gain on to `Aligner.checkedText`.
    let fits = found.result.fit >= FitCheck.lowFit
    let looksQuick = pausesLookQuick(found.result)
    guard let gain = found.letters.gain()?.gain, gain < tryBelowGain || !fits || looksQuick else { return }
    var quick = options
    quick.quickVerses = true
    quick.minPauseMilliseconds = max(1, options.minPauseMilliseconds - shorterPauseMilliseconds)
    let first = Evidence(gain: gain, fit: found.result.fit, score: found.score, pausesLookQuick: looksQuick)
    // A hurried reader's short verse pauses are plainest at the room's floor: tried there when
    // not kept at `found`'s depth.
    let depths: [Float?] = found.map.depthBelowSpeechDB == nil ? [nil] : [found.map.depthBelowSpeechDB, nil]
    for depth in depths {
      guard var attempt = align(depth, quick), let quickGain = attempt.letters.gain()?.gain,
        keeps(Evidence(gain: quickGain, fit: attempt.result.fit, score: attempt.score), over: first)
      else { continue }
      found = attempt
      options = quick
      return
    }
  }

  /// What an alignment says of the recording: its letters' gain (`LetterOrderCheck`), its fit
  /// and its score (`FitCheck`, lower is better).
  struct Evidence {
    var gain: Double
    var fit: Double
    var score: Double
    /// Its own pauses say the reader hurries (`pausesLookQuick`).
    var pausesLookQuick = false
  }

  /// Whether an alignment's own pauses say the reader hurries over verse breaks: the upper
  /// median of its verse pauses (verse 2 on) under `quickPauseRatio` of that of the pauses
  /// between phrases inside its verses (three or more of each).
  static func pausesLookQuick(_ result: AlignmentResult) -> Bool {
    let verses = result.segments.filter { $0.kind == .verse }
    let versePauses = verses.dropFirst().map(\.pause.count)
    let phrasePauses = verses.flatMap { verse in
      zip(verse.phrases, verse.phrases.dropFirst()).map { $1.onset - $0.offset }.filter { $0 > 0 }
    }
    guard versePauses.count >= 3, phrasePauses.count >= 3, let verse = versePauses.upperMedian,
      let phrase = phrasePauses.upperMedian
    else { return false }
    return Double(verse) < quickPauseRatio * Double(phrase)
  }

  /// Whether the quick reader's alignment explains the recording better than the first: by its
  /// words; where the words can hardly tell, by its pauses; by both; or, where the first's own
  /// pauses say the reader hurries, by its pauses with words about as clear (see above).
  static func keeps(_ quick: Evidence, over first: Evidence) -> Bool {
    let fits = first.fit >= FitCheck.lowFit
    let vouched = !fits && wordsVouch(quick, over: first)
    guard quick.fit >= FitCheck.lowFit || vouched else { return false }
    let byWords =
      quick.gain >= leastGain
      && (quick.gain >= first.gain + gainMargin && quick.gain >= gainRatio * first.gain
        || !fits && quick.gain >= first.gain - sameGain)
    // Its pauses fit, and it scores better by `margin`.
    let pausesSay = { (margin: Double) in quick.fit >= pausesFit && quick.score <= first.score - margin }
    let byPauses = !fits && pausesSay(pausesAloneScoreMargin) && quick.gain > pausesAloneLeastGain
    let byBoth = quick.gain >= max(leastGain, first.gain + betterGain) && pausesSay(betterScoreMargin)
    let byQuickPauses =
      first.pausesLookQuick && pausesSay(pausesScoreMargin) && quick.gain >= max(leastGain, first.gain - sameGain)
    return byWords || byPauses || byBoth || byQuickPauses || vouched
  }

  /// Where neither alignment's pauses fit, words that vouch for the text
  /// (`LetterOrderCheck.vouchGain`) and gain clearly more (`gainMargin`) decide, at a better score.
  static func wordsVouch(_ quick: Evidence, over first: Evidence) -> Bool {
    quick.gain >= LetterOrderCheck.vouchGain && quick.gain >= first.gain + gainMargin && quick.score < first.score
  }
}
