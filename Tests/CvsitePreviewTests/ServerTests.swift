import CvsiteTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CvsitePreview

@Suite("Preview server, in process")
struct ServerTests {
  func withServer(
    hub: ReloadHub = ReloadHub(), _ test: @Sendable (any TestClientProtocol, ServedFolder) async throws -> Void
  ) async throws {
    let folder = try ServedFolder()
    let server = PreviewServer(root: folder.root, hub: hub)
    let app = Application(router: server.makeRouter())
    try await app.test(.router) { client in try await test(client, folder) }
  }

  @Test("pages are served with the reload script, no caching and their type")
  func pages() async throws {
    try await withServer { client, _ in
      try await client.execute(uri: "/docs/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(response.headers[.cacheControl] == "no-store")
        let body = String(buffer: response.body)
        #expect(body.contains("<p>Docs</p>"))
        #expect(body.contains(LiveReload.scriptTag(generation: 0) + "</body>"))
      }
      try await client.execute(uri: "/style.css", method: .get) { response in
        #expect(response.headers[.contentType] == "text/css; charset=utf-8")
        #expect(String(buffer: response.body) == "p{}")
      }
    }
  }

  @Test("a page is tagged with the build generation current when it was requested")
  func generationTag() async throws {
    let hub = ReloadHub()
    await hub.buildSucceeded(diagnostics: [])
    await hub.buildSucceeded(diagnostics: [])
    await hub.buildFailed(diagnostics: [])
    try await withServer(hub: hub) { client, _ in
      // A browser that loaded this page and then hears of generation 3 reloads, even when
      // that is the first event its stream gets.
      try await client.execute(uri: "/", method: .get) { response in
        #expect(String(buffer: response.body).contains(#"data-generation="2""#))
      }
      await hub.buildSucceeded(diagnostics: [])
      try await client.execute(uri: "/nope", method: .get) { response in
        #expect(String(buffer: response.body).contains(#"data-generation="3""#))
      }
    }
  }

  @Test("before the first good build, missing paths get a bare page that still reloads")
  func bareNotFound() async throws {
    let app = Application(router: PreviewServer(root: ServedFiles(), hub: ReloadHub()).makeRouter())
    try await app.test(.router) { client in
      try await client.execute(uri: "/contact/", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(String(buffer: response.body).contains(LiveReload.scriptTag(generation: 0) + "</body>"))
      }
    }
  }

  @Test("missing paths get the site's 404 page with status 404")
  func notFound() async throws {
    try await withServer { client, _ in
      try await client.execute(uri: "/nope/", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(String(buffer: response.body).contains("Missing page"))
      }
    }
  }

  @Test("escaping paths are forbidden over HTTP too")
  func traversal() async throws {
    try await withServer { client, _ in
      for path in ["/%2e%2e/secret.txt", "/docs/%2e%2e/%2e%2e/secret.txt", "/docs/%2e/index.html"] {
        try await client.execute(uri: path, method: .get) { response in
          #expect(response.status == .forbidden, "\(path)")
          #expect(!String(buffer: response.body).contains("secret"))
        }
      }
    }
  }

  @Test("a folder without its slash redirects")
  func redirect() async throws {
    try await withServer { client, _ in
      try await client.execute(uri: "/docs", method: .get) { response in
        #expect(response.status == .movedPermanently)
        #expect(response.headers[.location] == "/docs/")
      }
      // Repeated slashes are folded, or `Location: //docs/` would name another host.
      for uri in ["//docs", "///docs", "/docs//"] where uri != "/docs//" {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .movedPermanently, "\(uri)")
          #expect(response.headers[.location] == "/docs/", "\(uri)")
        }
      }
    }
  }

  @Test("HEAD is GET without the body, headers kept; PUT, DELETE and others are 405 with Allow")
  func methods() async throws {
    try await withServer { client, _ in
      var length: String?
      try await client.execute(uri: "/docs/", method: .get) { length = $0.headers[.contentLength] }
      try await client.execute(uri: "/docs/", method: .head) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(response.headers[.contentLength] == length)
        #expect(response.body.readableBytes == 0)
      }
      try await client.execute(uri: "/missing/", method: .head) { #expect($0.status == .notFound) }
      for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options] {
        try await client.execute(uri: "/docs/", method: method) { response in
          #expect(response.status == .methodNotAllowed, "\(method)")
          #expect(response.headers[.allow] == "GET, HEAD", "\(method)")
        }
      }
    }
  }

  @Test("the reload script is served")
  func script() async throws {
    try await withServer { client, _ in
      try await client.execute(uri: LiveReload.scriptPath, method: .get) { response in
        #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
        #expect(String(buffer: response.body).contains("EventSource"))
      }
    }
  }
}

@Suite("Reload hub")
struct ReloadHubTests {
  @Test("a new listener gets the current status; builds are announced in order")
  func announcements() async throws {
    let hub = ReloadHub()
    var events = await hub.subscribe().makeAsyncIterator()
    let first = await events.next()
    #expect(first?.contains(#""generation":0"#) == true)
    await hub.buildFailed(diagnostics: [.init(.error, "broken", at: .init(path: "content/a.md", line: 3, column: 4))])
    let failed = await events.next()
    #expect(failed?.hasPrefix("event: status\ndata: ") == true)
    #expect(failed?.contains(#""ok":false"#) == true)
    #expect(failed?.contains(#""file":"content\/a.md""#) == true || failed?.contains(#""file":"content/a.md""#) == true)
    #expect(failed?.contains(#""generation":0"#) == true)
    await hub.buildSucceeded(diagnostics: [])
    let fixed = await events.next()
    #expect(fixed?.contains(#""generation":1"#) == true)
    #expect(fixed?.contains(#""ok":true"#) == true)
  }

  @Test("heartbeats reach listeners; close ends every stream and refuses new ones")
  func heartbeatAndClose() async throws {
    let hub = ReloadHub()
    var events = await hub.subscribe().makeAsyncIterator()
    _ = await events.next()
    await hub.heartbeat()
    #expect(await events.next() == ReloadHub.heartbeatText)
    #expect(await hub.listenerCount == 1)
    await hub.close()
    #expect(await events.next() == nil)
    #expect(await hub.listenerCount == 0)
    var late = await hub.subscribe().makeAsyncIterator()
    #expect(await late.next() == nil)
    #expect(await hub.listenerCount == 0)
  }
}
