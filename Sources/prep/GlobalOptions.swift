import ArgumentParser
import Foundation

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
  @Flag(name: [.short, .long], help: "Print only warnings and errors.")
  var quiet = false

  /// A progress or summary line on stderr, unless --quiet.
  func say(_ line: String) {
    if !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
  }

  /// Warnings always go to stderr.
  func warn(_ lines: [String]) {
    for line in lines { FileHandle.standardError.write(Data(("warning: " + line + "\n").utf8)) }
  }
}
