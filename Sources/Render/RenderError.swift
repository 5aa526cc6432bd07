/// Why a render plan is invalid or a variant could not be rendered.
///
/// Every case names the input (flag, bed file) and says how to fix it.
public enum RenderError: Error, CustomStringConvertible, Equatable {
  case speedOutOfRange(speed: Double)
  case noRates
  case noFormats
  case unknownFormat(name: String, known: [String])
  case formatsShareAFile(first: String, second: String, fileExtension: String)
  case loudnessTargetOutOfRange(lufs: Double)
  case truePeakOutOfRange(dBTP: Double)
  case bedLevelOutOfRange(decibels: Double)
  case settingOutOfRange(name: String, milliseconds: Double, allowed: ClosedRange<Double>)
  case bedTooShort(bed: String, bedMilliseconds: Int, crossfadeMilliseconds: Int)
  case bedUnreadable(bed: String, reason: String)
  case silentNarration(file: String)
  case opusComplexityOutOfRange(Int)
  case mp3QualityOutOfRange(Int)

  public var description: String {
    switch self {
    case .speedOutOfRange(let speed):
      "rate \(speed) is outside \(Defaults.text(Defaults.rateRange)). Pick a rate in that range."
    case .noRates:
      "the render plan has no rates. Give at least one --rate (1.0 is normal speed)."
    case .noFormats:
      "the render plan has no output formats. Give at least one --format (e.g. mp3, opus)."
    case .unknownFormat(let name, let known):
      "unknown format \"\(name)\". Use one of: \(known.joined(separator: ", "))."
    case .formatsShareAFile(let first, let second, let fileExtension):
      "formats \"\(first)\" and \"\(second)\" would both write the variant's .\(fileExtension) file. "
        + "Give one format per file type (e.g. --format mp3,\(second))."
    case .loudnessTargetOutOfRange(let lufs):
      "loudness target \(lufs) LUFS is outside \(Defaults.typeset(Defaults.text(Defaults.loudnessRangeLUFS))) LUFS. "
        + "Pick e.g. \(Defaults.typeset(Defaults.text(Defaults.loudnessLUFS))) (stereo) or −19 (mono)."
    case .truePeakOutOfRange(let dBTP):
      "true-peak ceiling \(dBTP) dBTP is outside −9…0 dBTP. Use \(Defaults.typeset(Defaults.text(Defaults.truePeakDBTP))) (the podcast norm)."
    case .bedLevelOutOfRange(let decibels):
      "bed level \(decibels) dB under the voice is outside \(Defaults.text(Defaults.bedUnderVoiceRangeDB)) dB. "
        + "Use \(Defaults.text(Defaults.bedUnderVoiceDB)) (default) or --wcag (\(Defaults.text(Defaults.wcagBedUnderVoiceDB)))."
    case .settingOutOfRange(let name, let ms, let allowed):
      "\(name) \(ms) ms is outside \(Int(allowed.lowerBound))…\(Int(allowed.upperBound)) ms. "
        + "Pick a value in that range."
    case .bedTooShort(let bed, let bedMs, let crossfadeMs):
      "\(bed): the bed is \(bedMs) ms long but looping it needs at least twice the "
        + "\(crossfadeMs) ms crossfade. Use a longer bed or a shorter --bed-crossfade-ms."
    case .bedUnreadable(let bed, let reason):
      "\(bed): cannot read the music bed (\(reason)). Give a WAV, FLAC, Ogg or MP3 file."
    case .silentNarration(let file):
      "\(file): the narration is silent, so it cannot be normalised. Check the recording, "
        + "or render with --loudness off."
    case .opusComplexityOutOfRange(let complexity):
      "Opus complexity \(complexity) is outside \(Defaults.opusComplexityRange.lowerBound)…\(Defaults.opusComplexityRange.upperBound). "
        + "Give 0 (fastest) to 10 (best), or leave it out for \(Defaults.opusComplexity)."
    case .mp3QualityOutOfRange(let quality):
      "MP3 quality \(quality) is outside \(Defaults.mp3QualityRange.lowerBound)…\(Defaults.mp3QualityRange.upperBound). "
        + "Give 0 (slowest, LAME's best) to 9 (fastest), or leave it out for \(Defaults.mp3Quality)."
    }
  }
}
