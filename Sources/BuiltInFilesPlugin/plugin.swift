import Foundation
import PackagePlugin

/// Generates the source of `CvsiteBuiltInFiles`: the default theme (`themes/default`),
/// GtkSourceView's language definitions (Debian's `libgtksourceview-5-common`, or the
/// folder `CVSITE_LANGUAGE_SPECS` names) and the checkout's commit, so that the
/// executable needs none of them at run time.
@main
struct BuiltInFilesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let generator = try context.tool(named: "BuiltInFilesGenerator").url
    let root = context.package.directoryURL
    let theme = root.appending(path: "themes/default")
    let specsPath =
      ProcessInfo.processInfo.environment["CVSITE_LANGUAGE_SPECS"] ?? "/usr/share/gtksourceview-5/language-specs"
    let specs = URL(fileURLWithPath: specsPath)
    let specFiles = try inputs(under: specs).filter { $0.pathExtension == "lang" }
    guard !specFiles.isEmpty else {
      throw BuildError(
        "no GtkSourceView language definitions in \(specsPath): install them with "
          + "`apt-get install libgtksourceview-5-common` (or set CVSITE_LANGUAGE_SPECS)")
    }
    let filesOutput = context.pluginWorkDirectoryURL.appending(path: "BuiltInFiles.generated.swift")
    let commitOutput = context.pluginWorkDirectoryURL.appending(path: "BuiltInCommit.generated.swift")
    let git = root.appending(path: ".git")
    var gitInputs: [URL] = []
    if let head = try? String(contentsOf: git.appending(path: "HEAD"), encoding: .utf8) {
      gitInputs.append(git.appending(path: "HEAD"))
      let ref = head.trimmingCharacters(in: .whitespacesAndNewlines)
      if ref.hasPrefix("ref: ") { gitInputs.append(git.appending(path: String(ref.dropFirst(5)))) }
      gitInputs.append(git.appending(path: "packed-refs"))
    }
    return [
      .buildCommand(
        displayName: "Embedding the default theme and the language definitions",
        executable: generator,
        arguments: ["files", filesOutput.path, "Theme=\(theme.path)", "LanguageSpecs=\(specs.path)"],
        inputFiles: try inputs(under: theme) + specFiles,
        outputFiles: [filesOutput]),
      .buildCommand(
        displayName: "Recording the commit",
        executable: generator,
        arguments: ["commit", commitOutput.path] + (gitInputs.isEmpty ? [] : [git.path]),
        inputFiles: gitInputs.filter { FileManager.default.fileExists(atPath: $0.path) },
        outputFiles: [commitOutput]),
    ]
  }

  /// Every regular file under `folder`, dot files left out.
  func inputs(under folder: URL) throws -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var found: [URL] = []
    for case let url as URL in enumerator where !url.lastPathComponent.hasPrefix(".") {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { found.append(url) }
    }
    return found
  }
}

struct BuildError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
