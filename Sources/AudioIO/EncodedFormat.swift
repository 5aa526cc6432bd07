/// The file formats prep writes, with their encoder settings.
public enum EncodedFormat: Sendable, Hashable, CustomStringConvertible {
  public enum PCM: Sendable, Hashable { case int16, int24, float32 }
  public enum MP3Mode: Sendable, Hashable {
    /// Constant bitrate in kbps (32…320 at ≥ 32 kHz; 8…160 at 16–24 kHz).
    case constant(kbps: Int)
    /// LAME VBR quality 0 (best) … 9 (smallest), as `lame -V`.
    case variable(quality: Int)
  }

  case wav(PCM)
  case flac(PCM)
  case mp3(MP3Mode)
  /// Ogg Opus at 48 kHz (the only rate prep writes it at), bitrate per channel in kbps (6…256).
  case opus(kbpsPerChannel: Int)
  /// Ogg Vorbis, quality 0…1 (libsndfile's scale).
  case vorbis(quality: Double)

  /// The usual file extension.
  public var fileExtension: String {
    switch self {
    case .wav: "wav"
    case .flac: "flac"
    case .mp3: "mp3"
    case .opus: "opus"
    case .vorbis: "ogg"
    }
  }

  /// The sample rates of MPEG-1/2/2.5 audio (what LAME writes and libmpg123 decodes).
  static let mpegSampleRates = [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]

  /// Sample rates the encoder takes; nil means any.
  public var supportedSampleRates: [Int]? {
    switch self {
    case .opus: [8_000, 12_000, 16_000, 24_000, 48_000]
    case .mp3: EncodedFormat.mpegSampleRates
    default: nil
    }
  }

  /// The rate to write `sampleRate` audio at: itself if supported, else the
  /// nearest supported rate at or above it (44.1 kHz → 48 kHz for Opus).
  public func outputSampleRate(for sampleRate: Int) -> Int {
    guard let rates = supportedSampleRates, !rates.contains(sampleRate) else { return sampleRate }
    return rates.first { $0 >= sampleRate } ?? rates[rates.count - 1]
  }

  /// Parses a format name as users type it: `wav`, `wav24`, `wavf`, `flac`, `flac24`,
  /// `mp3` (CBR 128k), `mp3-cbr-96`, `mp3-vbr` (V4), `mp3-vbr-2`, `opus` (48k/ch), `opus-32`, `vorbis`.
  public init?(name: String) {
    let parts = name.lowercased().split(separator: "-").map(String.init)
    let number = parts.count > 1 ? Int(parts[parts.count - 1]) : nil
    switch parts.first {
    case "wav": self = .wav(.int16)
    case "wav24": self = .wav(.int24)
    case "wavf", "wav32f": self = .wav(.float32)
    case "flac": self = .flac(.int16)
    case "flac24": self = .flac(.int24)
    case "mp3":
      if parts.count > 1, parts[1] == "vbr" {
        guard let quality = number ?? (parts.count == 2 ? 4 : nil), (0...9).contains(quality)
        else { return nil }
        self = .mp3(.variable(quality: quality))
      } else {
        let kbps = number ?? 128
        guard parts.count <= 3, (8...320).contains(kbps) else { return nil }
        self = .mp3(.constant(kbps: kbps))
      }
    case "opus":
      let kbps = number ?? 48
      guard (6...256).contains(kbps) else { return nil }
      self = .opus(kbpsPerChannel: kbps)
    case "vorbis", "ogg": self = .vorbis(quality: 0.5)
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .wav(let pcm): pcm == .int16 ? "wav" : pcm == .int24 ? "wav24" : "wavf"
    case .flac(let pcm): pcm == .int24 ? "flac24" : "flac"
    case .mp3(.constant(let kbps)): "mp3-cbr-\(kbps)"
    case .mp3(.variable(let quality)): "mp3-vbr-\(quality)"
    case .opus(let kbps): "opus-\(kbps)"
    case .vorbis: "vorbis"
    }
  }
}
