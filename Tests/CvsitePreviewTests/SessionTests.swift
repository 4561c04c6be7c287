import CvsiteSite
import CvsiteTestSupport
import Foundation
import NIOCore
import ServiceLifecycle
import Testing

@testable import CvsitePreview

/// A site made by `cvsite new` in a temporary folder, with a preview session on it.
final class PreviewFixture: @unchecked Sendable {  // immutable after init
  let site: URL
  let session: PreviewSession

  init() async throws {
    site = temporaryPath("cvsite-preview")
    try SiteScaffold.create(at: site, title: "Preview")
    session = PreviewSession(options: BuildOptions(siteRoot: site))
    let first = await session.initialBuild()
    #expect(first.succeeded)
    await session.announce(first)
  }

  var contactPage: URL { site.appendingPathComponent("content/contact.md") }

  func served(_ path: String) -> String {
    session.served.file(at: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Runs the preview's services on a free port until `body` returns, then shuts them
  /// down gracefully (as Ctrl-C does) and checks they stop. Before the fix they never
  /// stopped; the generous bound keeps a loaded machine from failing the test.
  /// `idleTimeout` and `maximumConnections` are the preview's own when nil.
  func withServer(
    idleTimeout: TimeAmount? = .seconds(30), maximumConnections: Int? = 256,
    _ body: @Sendable (Int) async throws -> Void
  ) async throws {
    let port = Locked<Int?>(nil)
    let bound = { @Sendable (found: Int) async in port.update { $0 = found } }
    let group =
      if let idleTimeout, let maximumConnections {
        session.serviceGroup(
          host: "127.0.0.1", port: 0, stopsOnSignals: false, idleTimeout: idleTimeout,
          maximumConnections: maximumConnections, onServerRunning: bound)
      } else {
        session.serviceGroup(host: "127.0.0.1", port: 0, stopsOnSignals: false, onServerRunning: bound)
      }
    let running = Task { try await group.run() }
    try await waitUntil { port.value != nil }
    do {
      try await body(port.value ?? 0)
    } catch {
      running.cancel()
      throw error
    }
    await group.triggerGracefulShutdown()
    let clock = ContinuousClock()
    let start = clock.now
    let watchdog = Task {
      try await Task.sleep(for: .seconds(20))
      running.cancel()
    }
    _ = try? await running.value
    watchdog.cancel()
    #expect(clock.now - start < .seconds(20), "the server did not stop within 20 s of graceful shutdown")
  }

  deinit {
    session.close()
    try? FileManager.default.removeItem(at: site)
  }
}

@Suite("Preview session, live")
struct SessionTests {
  @Test("content/ moved away: every page is a 404 and the overlay says why; moved back: the site returns")
  func contentFolderMovedAway() async throws {
    let fixture = try await PreviewFixture()
    let session = fixture.session
    let reported = DiagnosticRecorder()
    session.onRebuild = { result, _ in reported.record(result.diagnostics) }
    #expect(!fixture.served("index.html").isEmpty)
    let content = fixture.site.appendingPathComponent("content")
    let aside = fixture.site.appendingPathComponent("content-moved")
    try FileManager.default.moveItem(at: content, to: aside)
    let gone = await session.rebuild(["content"])
    #expect(!gone.succeeded)
    #expect(
      gone.diagnostics.map(\.message) == ["the site has no content/ folder (moved or deleted?): its pages go there"])
    #expect(fixture.served("index.html").isEmpty, "the old home page is still served")
    #expect(fixture.served("guide/setup/index.html").isEmpty)
    let response = PreviewServer.serve("/", root: session.served, generation: 1)
    #expect(response.status == .notFound)
    #expect(reported.diagnostics.errors.map(\.message) == gone.diagnostics.map(\.message), "what serve prints")
    try FileManager.default.moveItem(at: aside, to: content)
    let back = await session.rebuild(["content"])
    #expect(back.succeeded, "\(back.diagnostics)")
    #expect(!fixture.served("index.html").isEmpty)
    #expect(!fixture.served("guide/setup/index.html").isEmpty)
  }

  @Test("a folder of pages moved out of content/ takes its pages with it")
  func sectionFolderMovedAway() async throws {
    let fixture = try await PreviewFixture()
    #expect(!fixture.served("guide/setup/index.html").isEmpty)
    // The home page links to the guide: without it that would be a broken link.
    try Data("# Home\n".utf8).write(to: fixture.site.appendingPathComponent("content/_index.md"))
    try FileManager.default.moveItem(
      at: fixture.site.appendingPathComponent("content/guide"), to: fixture.site.appendingPathComponent("guide-old"))
    let result = await fixture.session.rebuild(["content/_index.md", "content/guide"])
    #expect(result.succeeded, "\(result.diagnostics)")
    #expect(fixture.served("guide/setup/index.html").isEmpty, "a page of the moved folder is still served")
  }

  @Test("idle and stalled connections are closed; the server keeps answering past its connection cap")
  func idleConnectionsTimeOut() async throws {
    let fixture = try await PreviewFixture()
    try await fixture.withServer(idleTimeout: .milliseconds(500), maximumConnections: 4) { port in
      let events = try RawClient(port: port)
      events.send("GET /_cvsite/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
      _ = await events.read(until: "event: status", timeout: .seconds(30))
      let silent = try RawClient(port: port)
      let stalled = try RawClient(port: port)
      stalled.send("GET / HTTP/1.1\r\nHost: local")  // half a request, then nothing
      #expect(await silent.read(until: nil, timeout: .seconds(10)).closed, "an idle connection stays open")
      #expect(await stalled.read(until: nil, timeout: .seconds(10)).closed, "a stalled request stays open")
      // A browser's event stream is a request in progress, not an idle connection.
      await fixture.session.hub.heartbeat()
      let (beat, eventsClosed) = await events.read(until: ": ping", timeout: .seconds(5))
      #expect(!eventsClosed && beat.contains(": ping"), "the live-reload stream was closed as idle")
      // Twenty idle sockets against a cap of four: they are let in as the idle ones close.
      let crowd = try (0..<20).map { _ in try RawClient(port: port) }
      let client = try RawClient(port: port)
      client.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
      let (answer, _) = await client.read(until: "</html>", timeout: .seconds(30))
      #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
      withExtendedLifetime(crowd) {}
    }
  }

  @Test("hundreds of connections that never finish their headers do not hold up a request")
  func stalledCrowd() async throws {
    let fixture = try await PreviewFixture()
    // The preview's own limits, as `cvsite serve` runs it.
    try await fixture.withServer(idleTimeout: nil, maximumConnections: nil) { port in
      let crowd = try (0..<280).map { _ in try RawClient(port: port) }
      for stalled in crowd { stalled.send("GET / HTTP/1.1\r\nHost: local") }
      let client = try RawClient(port: port)
      client.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
      // Under the 30 seconds the stalled connections were once kept for when they filled
      // the cap (a loaded machine may take a few seconds to answer).
      let (answer, _) = await client.read(until: "</html>", timeout: .seconds(20))
      #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
      withExtendedLifetime(crowd) {}
    }
  }

  @Test("HEAD answers as GET without a body; other methods get 405 with Allow")
  func methods() async throws {
    let fixture = try await PreviewFixture()
    try await fixture.withServer { port in
      let head = try RawClient(port: port)
      head.send("HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
      // Generous bounds: the whole suite, browser checks among it, keeps both cores busy.
      let (headAnswer, closed) = await head.read(until: nil, timeout: .seconds(30))
      #expect(closed && headAnswer.hasPrefix("HTTP/1.1 200"), "\(headAnswer)")
      #expect(headAnswer.lowercased().contains("content-type: text/html"))
      #expect(headAnswer.hasSuffix("\r\n\r\n"), "a HEAD response has no body")
      let post = try RawClient(port: port)
      post.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
      let (postAnswer, _) = await post.read(until: nil, timeout: .seconds(30))
      #expect(postAnswer.hasPrefix("HTTP/1.1 405"), "\(postAnswer)")
      #expect(postAnswer.lowercased().contains("allow: get, head"))
    }
  }

  @Test("graceful shutdown (Ctrl-C) ends open event streams, so the server stops")
  func shutdownWithBrowserConnected() async throws {
    let fixture = try await PreviewFixture()
    try await fixture.withServer { port in
      let client = try RawClient(port: port)
      client.send("GET /_cvsite/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
      // Generous: the whole suite, the release build among it, keeps both cores busy.
      let (text, _) = await client.read(until: "event: status", timeout: .seconds(30))
      #expect(text.contains("text/event-stream"))
      #expect(text.contains(#""ok":true"#))
      #expect(await fixture.session.hub.listenerCount == 1)
    }
  }

  @Test("a browser that went away is dropped at the next heartbeat")
  func deadListenerDropped() async throws {
    let fixture = try await PreviewFixture()
    try await fixture.withServer { port in
      let client = try RawClient(port: port)
      client.send("GET /_cvsite/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
      _ = await client.read(until: "event: status", timeout: .seconds(30))
      #expect(await fixture.session.hub.listenerCount == 1)
      client.close()
      // The first write after the hang-up may still be accepted; a later one fails.
      for _ in 0..<100 where await fixture.session.hub.listenerCount > 0 {
        await fixture.session.hub.heartbeat()
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(await fixture.session.hub.listenerCount == 0)
    }
  }

  @Test("rebuilds are announced in the order they ran, and the last word is the last build")
  func announcementsInOrder() async throws {
    let fixture = try await PreviewFixture()
    let session = fixture.session
    let built = Locked<[String]>([])
    session.onRebuild = { result, _ in built.update { $0.append(result.succeeded ? "ok" : "failed") } }
    let announced = Locked<[String]>([])
    let stream = await session.hub.subscribe()
    let listener = Task {
      var first = true
      for await event in stream {
        if first {
          first = false
          continue
        }
        let word = event.contains(#""ok":true"#) ? "ok" : "failed"
        announced.update { $0.append(word) }
      }
    }
    defer { listener.cancel() }
    session.startRebuilding()
    let original = try String(contentsOf: fixture.contactPage, encoding: .utf8)
    var lastWord = ""
    for round in 0..<12 {
      try Data((original + "\n:::nope\nbroken\n:::\n").utf8).write(to: fixture.contactPage)
      session.enqueue(["content/contact.md"])
      if round % 3 == 0 { try await Task.sleep(for: .milliseconds(5)) }
      lastWord = "word\(round)x\(UUID().uuidString.prefix(6))"
      try Data((original + "\n\(lastWord)\n").utf8).write(to: fixture.contactPage)
      session.enqueue(["content/contact.md"])
    }
    let finalWord = lastWord
    try await waitUntil { fixture.served("contact/index.html").contains(finalWord) }
    try await waitUntil { !built.value.isEmpty && announced.value.count == built.value.count }
    try await Task.sleep(for: .milliseconds(200))
    #expect(announced.value == built.value)
    #expect(built.value.last == "ok")
    #expect(await session.hub.status.ok)
  }
}
