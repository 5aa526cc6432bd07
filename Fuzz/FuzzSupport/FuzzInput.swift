import CFuzzDriver
import Foundation

/// The bytes libFuzzer hands a harness, with the ways harnesses read them.
public struct FuzzInput {
  public let bytes: [UInt8]

  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The bytes as text, or nil when they are not UTF-8 (the readers refuse such files first).
  public var utf8Text: String? { String(data: Data(bytes), encoding: .utf8) }
}

/// Starts libFuzzer with this process's arguments on a harness's test function; never returns.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
  exit(prep_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, test))
}
