/// Every default and range a user can see, in one home: the command line's options and their
/// help, the library's types and the README all take them from here (`DefaultsTests` checks the
/// README; the `--help` snapshots in `HelpSnapshotTests` catch drift in the option help).
///
/// Levels of the music bed are always said one way: how many dB the bed sits *under the
/// voice* while the voice speaks (a positive number). The gain a mixer applies to the bed is a
/// different quantity and is never called a "bed level".
public enum Defaults {
  /// Integrated loudness target of every delivered file, in LUFS (the podcast norm).
  public static let loudnessLUFS = -16.0
  /// The true peak no delivered file may exceed, in dBTP.
  public static let truePeakDBTP = -1.0
  /// Loudness targets prep accepts, in LUFS.
  public static let loudnessRangeLUFS: ClosedRange<Double> = -40 ... -5

  /// How far the bed sits under the voice while the voice speaks, in dB.
  public static let bedUnderVoiceDB = 18.0
  /// The same with `--wcag`: WCAG 1.4.7 asks for 20 dB; 2 dB to spare.
  public static let wcagBedUnderVoiceDB = 22.0
  /// Bed levels under the voice prep accepts, in dB.
  public static let bedUnderVoiceRangeDB: ClosedRange<Double> = 6...40
  /// How much louder the bed is where nobody speaks (lead-in and tail), in dB: the duck depth.
  public static let duckDepthDB = 6.0
  /// Length of the crossfade where a bed loops, in milliseconds.
  public static let bedCrossfadeMilliseconds = 3_000.0

  /// Playback rates prep renders (1 is normal speed; pitch is kept).
  public static let rateRange: ClosedRange<Double> = 0.5...3.0
  /// The rates rendered when none is given.
  public static let rates = [1.0]

  /// Formats rendered when none is given, as manifests name them (`mp3` = `mp3-cbr-128`,
  /// `opus` = `opus-48`).
  public static let formats = ["mp3-cbr-128", "opus-48"]
  /// Every format name `--format` accepts (`N` a bitrate in kbps, `Q` a LAME VBR quality 0–9).
  public static let formatVocabulary = [
    "mp3", "mp3-cbr-N", "mp3-vbr-Q", "opus", "opus-N", "flac", "flac24", "wav", "wav24", "wavf", "vorbis",
  ]

  /// libopus complexity of Opus files: 0 (fastest) … 10 (best). The default is the fastest
  /// setting whose PESQ on the sample chapters is within 0.1 MOS of complexity 10 (7: 0.014 on
  /// the mean, 0.051 on the worst file; 6 loses 0.27 and 0.62), measured by
  /// bench/render/opus_quality.sh (table in bench/render/README.md).
  public static let opusComplexity = 7
  /// The complexities `--opus-complexity` accepts (libopus's range).
  public static let opusComplexityRange = 0...10
  /// LAME's algorithm quality of MP3 files (`lame -q`): 0 (slowest) … 9 (fastest); the bitrate
  /// is the format's. The default is the fastest setting whose PESQ on the sample chapters is
  /// within 0.1 MOS of LAME's own default 3 at 128 kbps (7: 0.004 better on the mean, 0.015
  /// worse on the worst file, in 55 % of 3's encode time; 8 and 9 write the same audio as 7),
  /// measured by `CODEC=mp3 bench/render/codec_quality.sh` (table in bench/render/README.md).
  public static let mp3Quality = 7
  /// The qualities `--mp3-quality` accepts (LAME's range).
  public static let mp3QualityRange = 0...9

  /// A number as help and messages print it: `-16`, `0.5`, `3` (no needless `.0`).
  public static func text(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
  }

  /// Text for reading rather than typing: `-` becomes the minus sign `−` (messages, README).
  public static func typeset(_ text: String) -> String {
    String(text.map { $0 == "-" ? "−" : $0 })
  }

  /// A range as help and messages print it: `0.5…3`, `-40…-5`.
  public static func text(_ range: ClosedRange<Double>) -> String {
    "\(text(range.lowerBound))…\(text(range.upperBound))"
  }
}
