/// A number as people write a rate: `1`, `1.5`, `0.75` (at most two decimals, no trailing
/// zeros). One spelling for file names, variant ids and spoken labels, which must agree.
public enum ShortDecimal {
  public static func text(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction == 0 { return "\(whole)" }
    if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
