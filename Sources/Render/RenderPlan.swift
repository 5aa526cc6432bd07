import DSP

/// What `prep render` makes for one chapter and narrator: every rate × bed × format.
///
/// Built by the CLI from flags (or project settings), validated once, then enumerated
/// with `variants`. Defaults are what a podcast or audio-Bible team would pick:
/// normal speed, no bed, MP3 CBR 128 kbps and Opus 48 kbps per channel, −16 LUFS / −1 dBTP,
/// bed 18 dB under the voice with a 3 s loop crossfade, 2 s lead-in and 3 s tail.
public struct RenderPlan: Sendable, Equatable {
  /// A music bed choice: none, or a named bed file.
  public enum Bed: Sendable, Hashable, CustomStringConvertible {
    case none
    case file(name: String, path: String)

    /// The short name used in ids and file names (`none`, or the bed's name).
    public var name: String {
      switch self {
      case .none: "none"
      case .file(let name, _): name
      }
    }
    public var description: String { name }
  }

  /// One deliverable: a (rate, bed, format) combination.
  public struct Variant: Sendable, Hashable {
    public var speed: Double
    public var bed: Bed
    public var format: String

    /// A stable id for files and manifests, e.g. `1.5x-none`, `0.75x-morning`.
    public var id: String { RenderPlan.variantID(speed: speed, bedName: bed.name) }
  }

  public static let allowedSpeeds: ClosedRange<Double> = Defaults.rateRange
  /// The rates a player's speed menu usually offers.
  public static let commonSpeeds: [Double] = [0.75, 1.0, 1.25, 1.5, 2.0]

  public var speeds: [Double] = Defaults.rates
  public var beds: [Bed] = [.none]
  /// Format names as `EncodedFormat(name:)` parses them (`mp3`, `mp3-vbr-2`, `opus-32`, `flac`, `wav`).
  public var formats: [String] = Defaults.formats
  /// nil renders without normalisation or limiting (`--loudness off`).
  public var loudness: LoudnessTarget? = .podcast
  public var ducking = DuckingOptions()
  public var bedCrossfadeMilliseconds: Double = Defaults.bedCrossfadeMilliseconds
  /// Bed-only time before the first word and after the last.
  public var leadInMilliseconds: Double = 2_000
  public var tailMilliseconds: Double = 3_000
  public var bedFadeInMilliseconds: Double = 1_000
  public var bedFadeOutMilliseconds: Double = 3_000
  /// libopus complexity of the Opus files (`Defaults.opusComplexityRange`): speed against quality.
  public var opusComplexity = Defaults.opusComplexity
  /// LAME's algorithm quality of the MP3 files (`Defaults.mp3QualityRange`): speed against quality.
  public var mp3Quality = Defaults.mp3Quality

  public init() {}

  /// Every deliverable, rates outermost, in a stable order.
  public var variants: [Variant] {
    speeds.flatMap { speed in
      beds.flatMap { bed in formats.map { Variant(speed: speed, bed: bed, format: $0) } }
    }
  }

  /// Checks every setting; `knownFormats` lists the names the encoder layer accepts and
  /// `isKnownFormat` decides (AudioIO's `EncodedFormat(name:)`; Render does not import AudioIO).
  public func validate(knownFormats: [String], isKnownFormat: (String) -> Bool) throws(RenderError) {
    guard !speeds.isEmpty else { throw .noRates }
    for speed in speeds where !RenderPlan.allowedSpeeds.contains(speed) {
      throw .speedOutOfRange(speed: speed)
    }
    guard !formats.isEmpty else { throw .noFormats }
    for name in formats where !isKnownFormat(name) {
      throw .unknownFormat(name: name, known: knownFormats)
    }
    if let loudness {
      // Re-run the target's own checks (a caller may have edited the fields).
      _ = try LoudnessTarget(
        integratedLUFS: loudness.integratedLUFS, truePeakDBTP: loudness.truePeakDBTP,
        encoderMarginDB: loudness.encoderMarginDB)
    }
    guard Defaults.bedUnderVoiceRangeDB.contains(-ducking.speechLevelDB) else {
      throw .bedLevelOutOfRange(decibels: -ducking.speechLevelDB)
    }
    try check("attack", ducking.attackMilliseconds, 10...1_000)
    try check("release", ducking.releaseMilliseconds, 50...5_000)
    try check("long pause", ducking.longPauseMilliseconds, 100...60_000)
    try check("bed crossfade", bedCrossfadeMilliseconds, 10...30_000)
    try check("lead-in", leadInMilliseconds, 0...60_000)
    try check("tail", tailMilliseconds, 0...60_000)
    try check("bed fade-in", bedFadeInMilliseconds, 0...60_000)
    try check("bed fade-out", bedFadeOutMilliseconds, 0...60_000)
    guard Defaults.opusComplexityRange.contains(opusComplexity) else {
      throw .opusComplexityOutOfRange(opusComplexity)
    }
    guard Defaults.mp3QualityRange.contains(mp3Quality) else { throw .mp3QualityOutOfRange(mp3Quality) }
  }

  private func check(_ name: String, _ value: Double, _ allowed: ClosedRange<Double>) throws(RenderError) {
    guard allowed.contains(value) else {
      throw .settingOutOfRange(name: name, milliseconds: value, allowed: allowed)
    }
  }

  /// `1.5x-none`, `0.75x-morning`: a rate × bed variant's id, used in file names and manifests.
  public static func variantID(speed: Double, bedName: String) -> String { "\(rateName(speed))x-\(bedName)" }

  /// A rate as people write it: `1`, `1.5`, `0.75` (at most two decimals, no trailing zeros).
  public static func rateName(_ speed: Double) -> String { ShortDecimal.text(speed) }
}
