import CvsiteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The release archive as a user gets it: `scripts/release.sh` builds and packs it, and
/// the executable it holds runs from an empty folder with `PATH` and `HOME` pointing
/// nowhere near this checkout, running the commands of the user guide's installation
/// page as the page writes them.
@Suite("The release archive", .serialized)
struct PackedBinaryTests {
  /// What a command printed and how it ended.
  struct Outcome {
    var status: Int32
    var output: String
  }

  /// Runs `command` with `bash -c` in `folder` with exactly `environment`.
  static func shell(_ command: String, in folder: URL, environment: [String: String]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = folder
    process.environment = environment
    let log = temporaryPath("cvsite-packed-log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return Outcome(status: process.terminationStatus, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
  }

  /// The shell commands of the fenced `sh` blocks in the section of `page` whose heading
  /// has the id `section`, in order.
  static func commands(in page: String, section: String) -> [String] {
    var inSection = false
    var inBlock = false
    var commands: [String] = []
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") { inSection = line.contains("{#\(section)}") }
      guard inSection else { continue }
      if line.hasPrefix("```") {
        inBlock = !inBlock && line.hasPrefix("```sh")
        continue
      }
      if inBlock, !line.isEmpty { commands.append(String(line)) }
    }
    return commands
  }

  @Test("built, packed reproducibly, unpacked anywhere: the installation page's commands work")
  func releaseArchiveRunsAnywhere() async throws {
    let work = try makeTemporaryFolder("cvsite-packed", folders: ["dist", "again", "home", "elsewhere"])
    defer { try? FileManager.default.removeItem(at: work) }
    // The developer's environment builds (it has the toolchain); the user's has nothing of it.
    let system = ProcessInfo.processInfo.environment

    // Built and packed by the release script (`scripts/test.sh` builds it before the tests
    // start, so this finds it up to date); at a low priority when it does build, so that
    // the tests running beside it keep their share of the cores.
    let dist = work.appendingPathComponent("dist")
    let built = try Self.shell(
      "nice -n 10 bash scripts/release.sh --output '\(dist.path)'", in: repositoryRoot, environment: system)
    try #require(built.status == 0, "scripts/release.sh failed:\n\(built.output.suffix(4000))")
    let archive = URL(fileURLWithPath: String(built.output.split(separator: "\n").last ?? ""))
    let name = archive.lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
    #expect(name.wholeMatch(of: /cvsite-\d+\.\d+\.\d+-linux-(x86_64|aarch64)/) != nil, "\(name)")
    #expect(FileManager.default.fileExists(atPath: archive.path), "no archive at \(archive.path)")

    // The same executable packs to the same bytes.
    let again = work.appendingPathComponent("again")
    let executable = repositoryRoot.appendingPathComponent(".build-release/release/cvsite").path
    let repacked = try Self.shell(
      "bash scripts/release.sh --pack '\(executable)' --output '\(again.path)'", in: repositoryRoot, environment: system
    )
    try #require(repacked.status == 0, "\(repacked.output)")
    #expect(
      try Data(contentsOf: archive) == Data(contentsOf: again.appendingPathComponent(archive.lastPathComponent)),
      "packing the same executable twice gave two archives")

    let listing = try Self.shell("tar -tzf '\(archive.path)'", in: work, environment: system)
    for file in ["cvsite", "LICENSE", "README.md", "NOTICE", "install.sh", "licenses/libcmark.copyright"] {
      #expect(listing.output.contains("\(name)/\(file)\n"), "the archive has no \(file):\n\(listing.output)")
    }

    // Unpacked and installed as the installation page says, by someone whose PATH and
    // HOME know nothing of this checkout: only the system's folders and their own.
    let home = work.appendingPathComponent("home")
    let user = [
      "PATH": "\(home.path)/.local/bin:/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8",
    ]
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("site-example/content/docs/installation.md"), encoding: .utf8)
    let install = Self.commands(in: page, section: "release-archive")
    let written = try #require(install.first { $0.hasPrefix("tar -xzf ") }, "no tar command on the page")
    let pageName = String(written.dropFirst("tar -xzf ".count).dropLast(".tar.gz".count))
    #expect(
      pageName.split(separator: "-").dropLast(2) == name.split(separator: "-").dropLast(2),
      "the installation page names \(pageName), the release is \(name)")
    try FileManager.default.copyItem(at: archive, to: home.appendingPathComponent(archive.lastPathComponent))
    #expect(install.count >= 3, "\(install)")
    for command in install {
      var line = command.replacingOccurrences(of: pageName, with: name)
      // As root the script would install into /usr/local/bin; here it goes where it
      // goes for everybody else.
      if line.hasSuffix("/install.sh") { line += " --prefix \"$HOME/.local/bin\"" }
      let outcome = try Self.shell(line, in: home, environment: user)
      #expect(outcome.status == 0, "`\(line)` failed:\n\(outcome.output)")
      if line == "cvsite --version" {
        #expect(outcome.output.wholeMatch(of: /cvsite \d+\.\d+\.\d+ \(commit ([0-9a-f]{40}|unknown)\)\n/) != nil)
        let head = try Self.shell("git rev-parse HEAD", in: repositoryRoot, environment: system)
        if head.status == 0 {
          #expect(outcome.output.contains(head.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
      }
    }
    let installed = home.appendingPathComponent(".local/bin/cvsite")
    try #require(FileManager.default.isExecutableFile(atPath: installed.path), "install.sh left no \(installed.path)")

    // One file: nothing of Swift's, libcmark's or PCRE2's is loaded from beside it, and
    // no path of the build machine's grammars or themes is read at run time.
    let libraries = try Self.shell("ldd '\(installed.path)'", in: work, environment: system)
    for library in ["libswift", "libFoundation", "libcmark", "libpcre2", "not found"] {
      #expect(!libraries.output.contains(library), "the executable needs \(library):\n\(libraries.output)")
    }
    let bytes = try Data(contentsOf: installed)
    for path in ["gtksourceview-5/language-specs", repositoryRoot.path + "/themes"] {
      #expect(bytes.range(of: Data(path.utf8)) == nil, "the executable names \(path)")
    }

    // A site made, built, checked and served from an empty folder elsewhere.
    let elsewhere = work.appendingPathComponent("elsewhere")
    let usage = Self.commands(in: page, section: "first-site")
    #expect(usage.contains("cvsite new my-site") && usage.contains("cvsite build my-site"), "\(usage)")
    for command in usage where !command.hasPrefix("cvsite serve") {
      let outcome = try Self.shell(command, in: elsewhere, environment: user)
      #expect(outcome.status == 0, "`\(command)` failed:\n\(outcome.output)")
    }
    let output = elsewhere.appendingPathComponent("my-site/public")
    let css = try Data(contentsOf: output.appendingPathComponent("assets/cvsite.css"))
    #expect(css == (try Data(contentsOf: repositoryRoot.appendingPathComponent("themes/default/assets/cvsite.css"))))
    let setup = try String(contentsOf: output.appendingPathComponent("guide/setup/index.html"), encoding: .utf8)
    // The shell block's tokens coloured (its comment), not only cut into lines.
    let block = try #require(setup.firstRange(of: #"<code class="language-sh">"#).map { setup[$0.upperBound...] })
    let code = block[..<(block.firstRange(of: "</code>")?.lowerBound ?? block.endIndex)]
    #expect(code.contains(#"<span class="c">"#), "the site's shell block was not coloured:\n\(block.prefix(400))")

    let serve = try #require(usage.first { $0.hasPrefix("cvsite serve") }, "no serve command on the page")
    let port = try #require(Self.freePort(), "no free port on 127.0.0.1")
    let page200 = try await Self.serveOnce(serve + " --port \(port)", port: port, in: elsewhere, environment: user)
    #expect(page200.contains("<html"), "\(page200.prefix(500))")
  }

  /// A port on 127.0.0.1 that nothing listens on now: the system's pick for port 0.
  static func freePort() -> Int? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
  }

  /// Starts `command` (a `cvsite serve`), asks it for its home page once, stops it, and
  /// returns the page.
  static func serveOnce(_ command: String, port: Int, in folder: URL, environment: [String: String]) async throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "exec " + command]
    process.currentDirectoryURL = folder
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    defer {
      if process.isRunning {
        process.interrupt()
        process.waitUntilExit()
      }
    }
    // A server that never says where it serves is stopped after a minute: reading its
    // output then ends.
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
    var printed = ""
    while process.isRunning {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += String(decoding: chunk, as: UTF8.self)
      if printed.contains("at http://127.0.0.1:") {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return String(decoding: data, as: UTF8.self)
      }
    }
    Issue.record("`\(command)` did not say where it serves:\n\(printed)")
    return ""
  }
}
