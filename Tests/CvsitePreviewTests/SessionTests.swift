import CvsiteSite
import CvsiteTestSupport
import Foundation
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
    session = try PreviewSession(options: BuildOptions(siteRoot: site))
    let first = await session.initialBuild()
    #expect(first.succeeded)
    await session.announce(first)
  }

  var contactPage: URL { site.appendingPathComponent("content/contact.md") }

  func served(_ path: String) -> String {
    (try? String(contentsOf: session.servedFolder.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// Runs the preview's services on a free port until `body` returns, then shuts them
  /// down gracefully (as Ctrl-C does) and checks they stop. Before the fix they never
  /// stopped; the generous bound keeps a loaded machine from failing the test.
  func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
    let port = Locked<Int?>(nil)
    let group = session.serviceGroup(host: "127.0.0.1", port: 0, stopsOnSignals: false) { bound in
      port.update { $0 = bound }
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
  @Test("graceful shutdown (Ctrl-C) ends open event streams, so the server stops")
  func shutdownWithBrowserConnected() async throws {
    let fixture = try await PreviewFixture()
    try await fixture.withServer { port in
      let client = try RawClient(port: port)
      client.send("GET /_cvsite/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
      let (text, _) = await client.read(until: "event: status")
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
      _ = await client.read(until: "event: status")
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
