import RealModule

/// The costs (negative log-likelihoods, nats) the boundary search adds up.
///
/// With N(x; μ, σ) = (x − μ)² / 2σ² + ln σ, and ℓ a pause length in seconds:
///
///     assign(κ, ℓ)     = −ln pκ + N(ln ℓ; μκ, σκ)      break of kind κ realised as this pause
///     skip(κ)          = −ln (1 − pκ)                  break read through (∞ for segment ends)
///     unexplained(ℓ)   = −ln λ + N(ln ℓ; μᵤ, σᵤ)       a pause the text has no mark for
///     duration(T̂, T)   = N(ln T; ln T̂, s),  s² = σr² + (σa / T̂)²
///     interlude(T)     = −ln 0.02 + N(ln T; ln 2 s, 0.8)  speech the text lacks (≤ 15 s)
///
/// where T is the net speech time between two chosen pauses and T̂ = Σ τᵤ ℓᵤ what the text
/// predicts from the units' lengths and the local seconds-per-letter τ. The pause-length
/// parameters start from the chapter's own scale S (the median of its N−1 longest pauses)
/// and are re-estimated from the first pass, so a slow reader's long commas and a quick
/// reader's short verse pauses are both learnt from the recording itself.
struct CostModel: Sendable {
  static let kinds = TextModel.BreakKind.allCases.count

  var presence: [Double]
  var mu: [Double]
  var sigma: [Double]
  var unexplainedMu: Double
  var unexplainedSigma: Double
  /// −ln λ: the price of a pause that no mark explains.
  var unexplainedPrice: Double = 1.2
  /// A boundary at a dip inside speech (no pause): about what a verse 3.3 σ off its predicted
  /// length costs, so a run-on reading takes the dip only when no pause fits nearby.
  var weakAssign = 8.0
  /// … at a verse break inside a sentence (the verse before ends on "," ";" ":" or no mark),
  /// where readers run on often.
  var weakAssignMidSentence = 4.0
  /// … and the price of such a break at a real pause: 0 for a reader who pauses at verse
  /// breaks (`runningOn` changes both).
  var pauseMidSentence = 0.0
  /// A segment of the text the reader skipped (a boundary sharing the next one's pause).
  var missingSegment = 6.0

  /// A verse break inside a sentence at a real pause shorter than its kind's typical one, for a
  /// reader who pauses at such breaks (`shortPausesAsDips`): no dearer than the same break at a
  /// dip beside the pause, the pause passed (`own`: `assign`, `passed`: `unexplained`). A pause
  /// is as good a sign of a boundary as a dip, but the lengths learnt from the reader's verse
  /// pauses make a short one far dearer: on a held-back human reading of the Danish UDHR,
  /// "proklamerer", "PLENARFORSAMLINGEN" and "derfor …", each after a pause of 0.10–0.17 s (its
  /// verse pauses 0.5–1.4 s), were put at dips 0.4–1.6 s late. Not for a reader who runs on
  /// (`RunOnReader.looksRunOn`): there a short gap is as likely one between or inside words, and
  /// on Sonnet 3's human reading such a gap took a line's start half a second early.
  func midSentencePause(kind: Int, logLength: Double, own: Double, passed: Double) -> Double {
    shortPausesAsDips && logLength < mu[kind]
      ? min(own + pauseMidSentence, weakAssignMidSentence + passed) : own + pauseMidSentence
  }
  /// Learnt from pass 1 (`Aligner.passes`).
  var shortPausesAsDips = false
  var rateSigma = 0.16
  var absoluteSigmaSeconds = 0.18

  /// The same model for a reader who runs on through mid-sentence verse breaks about as often
  /// as not (a chance q at each): −ln q at a dip, −ln (1 − q) at a pause.
  func runningOn(chance q: Double) -> CostModel {
    var costs = self
    costs.weakAssignMidSentence = -Double.log(q)
    costs.pauseMidSentence = -Double.log(1 - q)
    return costs
  }

  /// The prior for a reader who hurries over verse breaks (`QuickReader`): a verse pause
  /// expected as long as a comma pause, and as loosely.
  func quickVerses() -> CostModel {
    var costs = self
    let (verse, comma) = (TextModel.BreakKind.verse.rawValue, TextModel.BreakKind.comma.rawValue)
    costs.mu[verse] = mu[comma]
    costs.sigma[verse] = max(sigma[verse], sigma[comma])
    return costs
  }

  /// Unknown-text heading: speech-time prior (median, log σ) and the prior of having one.
  var headingMedianSeconds = 1.3
  var headingSigma = 0.7
  var headingProbability = 0.5
  /// −ln of the chance that a spoken heading goes on after a heading-length pause: a chapter
  /// title, then a superscription ("Psalm 23." … "A Psalm of David.").
  var headingPart = 1.2

  /// Prior presence and length relative to the scale, per kind (comma, line, colon, sentence, verse, heading).
  static let priorPresence: [Double] = [0.55, 0.6, 0.85, 0.9, 1, 1]
  static let priorRelativeLength: [Double] = [0.4, 0.55, 0.65, 0.75, 1, 1.3]
  static let priorSigma: [Double] = [0.55, 0.5, 0.45, 0.4, 0.35, 0.45]

  init(scaleSeconds: Double) {
    let scale = max(scaleSeconds, 0.15)
    presence = Self.priorPresence
    mu = Self.priorRelativeLength.map { Double.log($0 * scale) }
    sigma = Self.priorSigma
    unexplainedMu = Double.log(0.22 * scale)
    unexplainedSigma = 0.6
  }

  @inline(__always)
  static func normal(_ x: Double, _ mu: Double, _ sigma: Double) -> Double {
    let z = (x - mu) / sigma
    return 0.5 * z * z + Double.log(sigma)
  }

  @inline(__always)
  func assign(_ kind: Int, logLength: Double) -> Double {
    -Double.log(presence[kind]) + Self.normal(logLength, mu[kind], sigma[kind])
  }

  func skip(_ kind: TextModel.BreakKind) -> Double {
    kind.isMandatory ? .infinity : -Double.log(max(1e-6, 1 - presence[kind.rawValue]))
  }

  func unexplained(logLength: Double) -> Double {
    unexplainedPrice + Self.normal(logLength, unexplainedMu, unexplainedSigma)
  }

  /// Predicted and observed speech durations are floored here (seconds) before their logs.
  static let shortestPredictedSeconds = 0.05
  static let shortestObservedSeconds = 0.02

  /// σ of the log-duration cost for `predictedSeconds` (already floored): the rate spread and
  /// an absolute spread that weighs more on short stretches.
  @inline(__always)
  func durationSigma(predictedSeconds: Double) -> Double {
    let relative = absoluteSigmaSeconds / predictedSeconds
    return (rateSigma * rateSigma + relative * relative).squareRoot()
  }

  /// The duration cost (`BoundaryChooser` precomputes its terms: `durationTerms`, `logSpeech`).
  @inline(__always)
  func duration(predicted: Double, observed: Double) -> Double {
    let predictedSeconds = max(predicted, Self.shortestPredictedSeconds)
    return Self.normal(
      Double.log(max(observed, Self.shortestObservedSeconds)), Double.log(predictedSeconds),
      durationSigma(predictedSeconds: predictedSeconds))
  }

  /// Cost of an unknown-text heading of `seconds` of speech.
  func heading(seconds: Double) -> Double {
    -Double.log(headingProbability)
      + Self.normal(Double.log(max(seconds, 0.05)), Double.log(headingMedianSeconds), headingSigma)
  }

  var noHeading: Double { -Double.log(1 - headingProbability) }

  /// Unexpected speech at a segment boundary: rare, a second or a few, never long.
  var interludeProbability = 0.02
  var interludeMedianSeconds = 2.0
  var interludeSigma = 0.8
  static let longestInterludeSeconds = 15.0

  /// Cost of `seconds` of speech the text does not hold, between two segments.
  func interlude(seconds: Double) -> Double {
    guard seconds <= Self.longestInterludeSeconds else { return .infinity }
    return -Double.log(interludeProbability)
      + Self.normal(Double.log(max(seconds, 0.05)), Double.log(interludeMedianSeconds), interludeSigma)
  }

  /// Re-estimates each kind's presence and pause length from a first alignment, shrunk
  /// towards the priors (a kind seen a few times moves a little).
  mutating func learn(assigned: [(kind: Int, logLength: Double)], skipped: [Int], unexplained: [Double]) {
    let priorWeight = 4.0
    for kind in 0..<Self.kinds {
      let lengths = assigned.filter { $0.kind == kind }.map(\.logLength)
      let n = Double(lengths.count)
      if n > 0 {
        let mean = lengths.reduce(0, +) / n
        let variance = lengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        mu[kind] = (n * mean + priorWeight * mu[kind]) / (n + priorWeight)
        let s = (n * variance + priorWeight * sigma[kind] * sigma[kind]) / (n + priorWeight)
        sigma[kind] = max(0.2, s.squareRoot())
      }
      if TextModel.BreakKind(rawValue: kind)?.isMandatory == false {
        let skips = Double(skipped.filter { $0 == kind }.count)
        let p = (n + priorWeight * presence[kind]) / (n + skips + priorWeight)
        presence[kind] = min(0.97, max(0.1, p))
      }
    }
    let n = Double(unexplained.count)
    if n > 0 {
      let mean = unexplained.reduce(0, +) / n
      unexplainedMu = (n * mean + priorWeight * unexplainedMu) / (n + priorWeight)
    }
  }
}
