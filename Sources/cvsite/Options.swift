import ArgumentParser
import CvsiteMarkdown
import Foundation

/// Options every command that reports diagnostics shares.
struct DiagnosticOptions: ParsableArguments {
  @Option(help: "How to print diagnostics: text or json (one object per line).")
  var format: DiagnosticFormat = .text

  var printer: DiagnosticPrinter { DiagnosticPrinter(format: format) }

  /// Prints diagnostics to standard error.
  func report(_ diagnostics: [Diagnostic]) {
    let text = printer.render(diagnostics)
    if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
  }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// Exit codes: 1 for errors in the content, 2 for usage or I/O errors.
enum Exit {
  static let contentErrors = ExitCode(1)
  static let usageOrIO = ExitCode(2)
}

/// The site folder argument, resolved against the current folder.
func siteURL(_ path: String) -> URL {
  URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    .standardizedFileURL
}

/// Refuses a SITE argument that is not a cvsite site: a usage error (exit 2), before
/// anything is built or served.
func validateSite(_ path: String) throws {
  let root = siteURL(path)
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
    throw ValidationError("no folder at \(root.path)")
  }
  guard FileManager.default.fileExists(atPath: root.appendingPathComponent("cvsite.yml").path) else {
    throw ValidationError("\(root.path) is not a cvsite site: it has no cvsite.yml (make one with `cvsite new NAME`)")
  }
}
