import ArgumentParser
import CvsiteCore
import Foundation

/// Options every command that reports diagnostics shares.
struct DiagnosticOptions: ParsableArguments {
  @Option(help: "How to print diagnostics: text or json (one object per line).")
  var format: DiagnosticFormat = .text

  var printer: DiagnosticPrinter { DiagnosticPrinter(format: format) }

  /// Prints diagnostics to standard error.
  func report(_ diagnostics: [Diagnostic]) {
    let text = printer.render(diagnostics)
    if !text.isEmpty { writeToStandardError(text) }
  }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// Exit codes: 1 for errors in the content, 2 for usage or I/O errors.
enum Exit {
  static let contentErrors = ExitCode(1)
  static let usageOrIO = ExitCode(2)

  /// Throws the status `diagnostics` call for: 2 when a file could not be read or
  /// written, 1 for any other error, nothing without errors.
  static func check(_ diagnostics: [Diagnostic]) throws {
    if diagnostics.hasIOFailures { throw usageOrIO }
    if diagnostics.hasErrors { throw contentErrors }
  }
}

/// Writes `text` to standard error as it is (no newline added), unbuffered.
func writeToStandardError(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

/// A path argument (a site folder, a file), resolved against the current folder.
func siteURL(_ path: String) -> URL {
  URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    .standardizedFileURL
}
