import DSP
import Foundation

/// TEMPORARY (experiments): tuning overrides from PREP_STRETCH_TUNING="key=value,...".
public enum StretchTuningEnvironment {
  public static func tuning() -> StretchTuning {
    var tuning = StretchTuning()
    tuning.recordsSteps = ProcessInfo.processInfo.environment["PREP_STRETCH_TRACE"] != nil
    guard let spec = ProcessInfo.processInfo.environment["PREP_STRETCH_TUNING"] else { return tuning }
    for pair in spec.split(separator: ",") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let value = Double(parts[1]) else { continue }
      switch parts[0] {
      case "minPitchHz": tuning.minPitchHz = value
      case "maxPitchHz": tuning.maxPitchHz = value
      case "decimatedRate": tuning.decimatedRate = value
      case "voicedAperiodicity": tuning.voicedAperiodicity = Float(value)
      case "silenceLevel": tuning.silenceLevel = Float(value)
      case "unvoicedPeriodMilliseconds": tuning.unvoicedPeriodMilliseconds = value
      case "unvoicedInsertMilliseconds": tuning.unvoicedInsertMilliseconds = value
      case "onsetRiseDB": tuning.onsetRiseDB = Float(value)
      case "maxDebtMilliseconds": tuning.maxDebtMilliseconds = value
      case "fadePeriods": tuning.fadePeriods = value
      case "unitPeriods": tuning.unitPeriods = Int(value)
      case "pulseLead": tuning.pulseLead = value
      case "pulseAperiodicity": tuning.pulseAperiodicity = Float(value)
      case "quietBelowPeakDB": tuning.quietBelowPeakDB = Float(value)
      case "peakDecayDBPerSecond": tuning.peakDecayDBPerSecond = Float(value)
      default: break
      }
    }
    return tuning
  }
}
