import Manifest

/// What a finished render should tell its user even with --quiet.
public enum RenderWarnings {
  /// Integrated loudness the delivered files may miss their target by before a warning (LU):
  /// what a podcast platform's ±0.5 LU check accepts.
  public static let loudnessToleranceLU = 0.5

  /// One line per normalised file whose measured loudness missed its target by more than
  /// `loudnessToleranceLU` (the true-peak ceiling kept it from getting there).
  public static func loudness(_ records: [VariantRecord]) -> [String] {
    records.flatMap { record in
      (record.variant.files + (record.variant.stems?.voice.files ?? [])).compactMap { file in
        guard let loudness = file.loudness, let target = loudness.targetLUFS,
          abs(loudness.integratedLUFS - target) > loudnessToleranceLU
        else { return nil }
        return "\(file.file) measures \(loudness.integratedLUFS) LUFS against the \(target) LUFS target "
          + "(true peak \(loudness.truePeakDBTP) dBTP): the true-peak ceiling held it down (a peaky recording, "
          + "or a low-bitrate codec's overshoot); a lower --loudness or a higher bitrate will reach it"
      }
    }
  }
}
