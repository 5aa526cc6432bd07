import Foundation

/// Why an audio file could not be read or written. Every case names the file and a fix.
public enum AudioFileError: Error, CustomStringConvertible, Equatable {
  case missing(path: String)
  case empty(path: String)
  case notAFile(path: String)
  case unrecognised(path: String, reason: String)
  case undecodedFormat(path: String, format: String)
  case truncated(path: String, declaredFrames: Int, presentFrames: Int, sampleRate: Int)
  case corrupt(path: String, reason: String)
  case unsupportedChannels(path: String, channelCount: Int)
  case unsupportedSampleRate(path: String, sampleRate: Int)
  case cannotCreate(path: String, reason: String)
  case writeFailed(path: String, reason: String)
  case unsupportedFormat(path: String, reason: String)
  case cannotTag(path: String, reason: String)

  public var description: String {
    switch self {
    case .missing(let path):
      "\(path): no such file. Check the path (and the current folder)."
    case .empty(let path):
      "\(path): the file is empty (0 bytes). Export the recording again."
    case .notAFile(let path):
      "\(path): not a regular file (a folder, pipe or device); prep reads a recording more than once, so it "
        + "needs a seekable file. Give the file itself, or save a stream to a file first (e.g. `cat … > recording.wav`)."
    case .unrecognised(let path, let reason):
      "\(path): not a recognised audio file (\(reason)). Give a WAV, FLAC, Ogg Vorbis/Opus or MP3 file."
    case .undecodedFormat(let path, let format):
      "\(path): \(format), which prep does not decode. Convert it first, e.g. "
        + "`ffmpeg -i \"\(path)\" \"\((path as NSString).deletingPathExtension).flac\"`, and give the FLAC."
    case .truncated(let path, let declared, let present, let rate):
      "\(path): the file is truncated: its header declares \(declared) frames "
        + "(\(seconds(declared, rate)) s) but only \(present) (\(seconds(present, rate)) s) are present. "
        + "Copy or export the recording again."
    case .corrupt(let path, let reason):
      "\(path): the audio data is damaged (\(reason)). Export or copy the recording again."
    case .unsupportedChannels(let path, let count):
      "\(path): has \(count) channels; prep takes mono or stereo. "
        + "Mix it down first, e.g. `sox \(path) -c 2 stereo.wav`."
    case .unsupportedSampleRate(let path, let rate):
      "\(path): sample rate \(rate) Hz is outside the supported 16000–192000 Hz. "
        + "Export the recording at 44100 or 48000 Hz."
    case .cannotCreate(let path, let reason):
      "\(path): cannot create the file (\(reason)). Check the folder exists and is writable."
    case .writeFailed(let path, let reason):
      "\(path): writing failed (\(reason)). Check free disk space."
    case .unsupportedFormat(let path, let reason):
      "\(path): \(reason)."
    case .cannotTag(let path, let reason):
      "\(path): cannot write tags into the encoded file (\(reason)). Report this with the file; "
        + "render without chapters meanwhile."
    }
  }

  private func seconds(_ frames: Int, _ rate: Int) -> String {
    String(Double(Int(Double(frames) / Double(max(rate, 1)) * 1000)) / 1000)
  }
}
