import DSP
import Foundation

/// What `prep ingest` learns about one recording and its text, for later stages.
///
/// Times are frames at `audio.sampleRate`; seconds are added for people.
public struct IngestRecord: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var schemaVersion = IngestRecord.currentVersion
  public var generator: String
  public var source: Source
  public var audio: Audio
  public var levels: Levels
  public var envelope: StoredEnvelope
  public var text: Text?
  public var warnings: [String]

  public struct Source: Codable, Sendable, Equatable {
    public var path: String
    public var sizeBytes: Int
    public var sha256: String
    /// Container/encoding, e.g. `wav/pcm16`, `flac/pcm24`, `mpeg/mp3`.
    public var format: String

    public init(path: String, sizeBytes: Int, sha256: String, format: String) {
      self.path = path
      self.sizeBytes = sizeBytes
      self.sha256 = sha256
      self.format = format
    }
  }

  public struct Audio: Codable, Sendable, Equatable {
    public var sampleRate: Int
    public var channelCount: Int
    public var frameCount: Int
    public var durationSeconds: Double

    public init(sampleRate: Int, channelCount: Int, frameCount: Int, durationSeconds: Double) {
      self.sampleRate = sampleRate
      self.channelCount = channelCount
      self.frameCount = frameCount
      self.durationSeconds = durationSeconds
    }
  }

  public struct Levels: Codable, Sendable, Equatable {
    public var integratedLUFS: Double?
    public var loudnessRangeLU: Double?
    public var truePeakDBTP: Double?
    public var samplePeakDBFS: Double
    public var clippedSamples: Int
    public var dcOffset: [Double]
    public var noiseFloorDBFS: Double
    /// Frames of room tone (under noise floor + 10 dB) before the first and after the last sound.
    public var leadingSilenceFrames: Int
    public var trailingSilenceFrames: Int

    public init(
      integratedLUFS: Double?, loudnessRangeLU: Double?, truePeakDBTP: Double?,
      samplePeakDBFS: Double, clippedSamples: Int, dcOffset: [Double], noiseFloorDBFS: Double,
      leadingSilenceFrames: Int, trailingSilenceFrames: Int
    ) {
      self.integratedLUFS = integratedLUFS
      self.loudnessRangeLU = loudnessRangeLU
      self.truePeakDBTP = truePeakDBTP
      self.samplePeakDBFS = samplePeakDBFS
      self.clippedSamples = clippedSamples
      self.dcOffset = dcOffset
      self.noiseFloorDBFS = noiseFloorDBFS
      self.leadingSilenceFrames = leadingSilenceFrames
      self.trailingSilenceFrames = trailingSilenceFrames
    }
  }

  public struct Text: Codable, Sendable, Equatable {
    public var path: String
    public var sha256: String
    public var chapter: ChapterText

    public init(path: String, sha256: String, chapter: ChapterText) {
      self.path = path
      self.sha256 = sha256
      self.chapter = chapter
    }
  }

  public init(
    generator: String, source: Source, audio: Audio, levels: Levels, envelope: StoredEnvelope,
    text: Text?, warnings: [String]
  ) {
    self.generator = generator
    self.source = source
    self.audio = audio
    self.levels = levels
    self.envelope = envelope
    self.text = text
    self.warnings = warnings
  }
}

/// An `Envelope` stored compactly: one byte per hop, base64.
///
/// byte = clamp(round((dBFS + 120) · 2), 0, 255), so 0.5 dB steps from −120 to +7.5 dBFS.
public struct StoredEnvelope: Codable, Sendable, Equatable {
  public static let encodingName = "u8-half-dB-from-minus-120-base64"

  public var hopFrames: Int
  public var encoding: String
  public var data: String

  public init(_ envelope: Envelope) {
    hopFrames = envelope.hopFrames
    encoding = StoredEnvelope.encodingName
    let bytes = envelope.rmsDBFS.map { level -> UInt8 in
      UInt8(max(0, min(255, ((level + 120) * 2).rounded())))
    }
    data = Data(bytes).base64EncodedString()
  }

  /// The envelope back, at 0.5 dB resolution.
  public func envelope(sampleRate: Int) -> Envelope? {
    guard encoding == StoredEnvelope.encodingName, let bytes = Data(base64Encoded: data) else {
      return nil
    }
    return Envelope(
      sampleRate: sampleRate, hopFrames: hopFrames, rmsDBFS: bytes.map { Float($0) / 2 - 120 })
  }
}

extension IngestRecord: VersionedRecord {}
