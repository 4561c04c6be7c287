import ArgumentParser
import CvsiteCore
import CvsiteMarkdown
import CvsiteSite
import CvsiteTestSupport
import Foundation
import Testing

@testable import cvsite

/// Runs a command as `cvsite ARGS` would, returning its exit code.
func exitCode(_ arguments: [String]) async -> Int32 {
  do {
    var command = try CvsiteCommand.parseAsRoot(arguments)
    if var asyncCommand = command as? AsyncParsableCommand {
      try await asyncCommand.run()
    } else {
      try command.run()
    }
    return 0
  } catch {
    return CvsiteCommand.status(for: error)
  }
}

@Suite("Command line")
struct CommandTests {
  @Test("new makes a site that builds and checks cleanly")
  func newBuildCheck() async throws {
    let folder = temporaryPath("cvsite-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(await exitCode(["new", folder.path, "--title", "Demo"]) == 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cvsite.yml").path))
    #expect(await exitCode(["check", folder.path]) == 0)
    #expect(await exitCode(["build", folder.path, "--quiet"]) == 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/guide/setup/index.html").path))
    // A second `new` into the same folder is refused as an I/O problem.
    #expect(await exitCode(["new", folder.path]) == 2)
  }

  @Test("--themes names a folder whose themes override the built-in ones file by file")
  func themesFolder() async throws {
    let folder = temporaryPath("cvsite-cli")
    let themes = try makeTemporaryFolder(
      "cvsite-themes", files: ["default/assets/cvsite.css": "body { color: teal; }\n"])
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: themes)
    }
    #expect(await exitCode(["new", folder.path]) == 0)
    #expect(await exitCode(["build", folder.path, "--quiet", "--themes", themes.path]) == 0)
    let css = try String(contentsOf: folder.appendingPathComponent("public/assets/cvsite.css"), encoding: .utf8)
    #expect(css == "body { color: teal; }\n")
    // The rest still comes from the executable: its script and its layouts.
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/assets/cvsite.js").path))
    let home = try String(contentsOf: folder.appendingPathComponent("public/index.html"), encoding: .utf8)
    #expect(home.contains("cv-cards"))
    #expect(await exitCode(["check", folder.path, "--themes", themes.path]) == 0)
    #expect(await exitCode(["build", folder.path, "--themes", themes.appendingPathComponent("nowhere").path]) == 2)
    // Without the option, the built-in stylesheet again.
    #expect(await exitCode(["build", folder.path, "--quiet"]) == 0)
    let builtIn = try String(contentsOf: folder.appendingPathComponent("public/assets/cvsite.css"), encoding: .utf8)
    #expect(builtIn != css && builtIn.contains("--cv-"))
  }

  @Test("--settings names an MkDocs file of another name; without it, the error names the option")
  func settingsFile() async throws {
    let folder = try makeTemporaryFolder(
      "cvsite-settings",
      files: [
        "mkdocs-common.yml": "site_name: Textual-like\n",
        "mkdocs-online.yml": "INHERIT: mkdocs-common.yml\nsite_url: https://example.org/\n",
        "docs/index.md": "# Home\n",
      ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused =
      #expect(throws: (any Error).self) { try SiteOptions.parse([folder.path]) }
      .map { SiteOptions.message(for: $0) } ?? ""
    #expect(
      refused.contains("it has mkdocs-common.yml, mkdocs-online.yml: name the one to build with `--settings FILE`"),
      "\(refused)")
    #expect(await exitCode(["build", folder.path, "--quiet"]) == 2)
    #expect(await exitCode(["build", folder.path, "--quiet", "--settings", "nowhere.yml"]) == 2)
    #expect(await exitCode(["build", folder.path, "--quiet", "--settings", "mkdocs-online.yml"]) == 0)
    let home = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
    #expect(home.contains("Textual-like"), "the inherited settings are read")
    #expect(await exitCode(["check", folder.path, "--settings", "mkdocs-online.yml"]) == 0)
  }

  @Test("content errors exit 1; usage errors exit 2")
  func exitStatuses() async throws {
    let folder = temporaryPath("cvsite-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(await exitCode(["new", folder.path]) == 0)
    try Data("---\ntitle: Bad\n---\n:::nope\nx\n:::\n".utf8).write(to: folder.appendingPathComponent("content/bad.md"))
    #expect(await exitCode(["build", folder.path, "--quiet"]) == 1)
    #expect(await exitCode(["check", folder.path]) == 1)
    #expect(await exitCode(["build", folder.path, "--jobs", "0"]) == 2)
    #expect(await exitCode(["build", folder.path, "--output", folder.path]) == 2)
    #expect(await exitCode(["build", folder.path, "--base-url", "https://e.com/\"><svg/onload=alert(1)>/"]) == 2)
    #expect(await exitCode(["build", folder.path, "--base-url", "javascript:alert(1)//"]) == 2)
    #expect(await exitCode(["check", folder.path, "--jobs", "0"]) == 2, "the shared option group validates")
    #expect(await exitCode(["serve", folder.path, "--jobs", "0"]) == 2)
    #expect(await exitCode(["frobnicate"]) == 2)
    #expect(await exitCode(["build", folder.appendingPathComponent("content").path]) == 2, "not a site")
    #expect(await exitCode(["check", folder.appendingPathComponent("nowhere").path]) == 2, "no such folder")
    #expect(await exitCode(["--version"]) == 0)
    #expect(await exitCode(["render", folder.appendingPathComponent("missing.md").path]) == 2)
    #expect(await exitCode(["render", folder.appendingPathComponent("content/bad.md").path]) == 1)
  }

  @Test("a FIFO in content/ is an I/O error (exit 2) naming it, never a hang", .timeLimit(.minutes(1)))
  func fifoInContent() async throws {
    let folder = temporaryPath("cvsite-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(await exitCode(["new", folder.path]) == 0)
    let fifo = folder.appendingPathComponent("content/pipe.md").path
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(await exitCode(["check", folder.path]) == 2)
    #expect(await exitCode(["build", folder.path, "--quiet"]) == 2)
    let result = SiteBuilder.check(BuildOptions(siteRoot: folder))
    let expected = "content/pipe.md:1:1: error: content/pipe.md is a FIFO, not a file or folder; it is not read"
    #expect(result.diagnostics.map(\.description) == [expected])
    #expect(result.diagnostics.first?.isIOFailure == true)
  }

  @Test("reading errors say what failed in the system's words, not Foundation's")
  func ioErrorWording() async throws {
    let folder = temporaryPath("cvsite-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(await exitCode(["render", folder.path]) == 2, "a folder is not a page")
    do {
      _ = try Data(contentsOf: folder.appendingPathComponent("missing.md"))
      Issue.record("read a missing file")
    } catch {
      #expect(describeIOError(error) == "No such file or directory")
    }
    do {
      _ = try Data(contentsOf: folder)
      Issue.record("read a folder as a file")
    } catch {
      #expect(describeIOError(error) == "Is a directory", "\(error)")
    }
  }

  @Test("the port check names a port in use and suggests another")
  func portInUse() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    #expect(bound == 0)
    #expect(listen(fd, 1) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let port = Int(UInt16(bigEndian: address.sin_port))
    let problem = try #require(PortCheck.problem(host: "127.0.0.1", port: port))
    #expect(problem.contains("already in use"))
    #expect(problem.contains("--port \(port + 1)"))
  }

  @Test("a port whose last server closed its connections first (TIME-WAIT) is free again")
  func portInTimeWait() throws {
    func socketAddress(_ port: UInt16) -> sockaddr_in {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      return address
    }
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var reuse: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = socketAddress(0)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(listen(listener, 1) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let port = UInt16(bigEndian: address.sin_port)
    let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var target = socketAddress(port)
    let connected = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    let accepted = accept(listener, nil, nil)
    #expect(accepted >= 0)
    // The server side closes first: its end of the connection waits in TIME-WAIT.
    close(accepted)
    close(listener)
    usleep(50_000)
    close(client)
    usleep(50_000)
    #expect(PortCheck.problem(host: "127.0.0.1", port: Int(port)) == nil)
  }
}

@Suite("Diagnostic printing")
struct DiagnosticPrinterTests {
  @Test("text: sorted, with source line, caret and a summary; no colour when asked")
  func text() {
    let printer = DiagnosticPrinter(format: .text, useColour: false)
    let output = printer.render([
      .init(.warning, "second", at: .init(path: "b.md", line: 1, column: 1)),
      .init(.error, "first", at: .init(path: "a.md", line: 2, column: 3), sourceLine: "ab{x}", suggestion: "y"),
    ])
    #expect(
      output
        == "a.md:2:3: error: first (did you mean `y`?)\nab{x}\n  ^\nb.md:1:1: warning: second\n1 error, 1 warning\n")
  }

  @Test("json: one object per line for editors")
  func json() throws {
    let printer = DiagnosticPrinter(format: .json, useColour: false)
    let output = printer.render([.init(.error, "bad", at: .init(path: "a.md", line: 2, column: 3))])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(object["file"] as? String == "a.md")
    #expect(object["line"] as? Int == 2)
    #expect(object["severity"] as? String == "error")
  }
}
