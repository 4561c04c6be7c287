import Foundation
import Hummingbird
import NIOCore

/// The preview HTTP server: serves a built site from memory with live reload.
///
/// Folders serve their `index.html`, missing paths the site's `404.html` (status 404;
/// a bare page when the site has none, such as before the first good build, so the
/// overlay and the reload still work), every response is marked `no-store`, and no path
/// can read anything but the site's files.
struct PreviewServer: Sendable {
  /// The built site.
  let root: ServedFiles
  let hub: ReloadHub

  init(root: ServedFiles, hub: ReloadHub) {
    self.root = root
    self.hub = hub
  }

  /// The router, also used in-process by tests.
  func makeRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: MethodFilter())
    let root = self.root
    let hub = self.hub
    router.get(RouterPath(LiveReload.scriptPath)) { _, _ in
      Self.response(.ok, contentType: "text/javascript; charset=utf-8", body: Data(LiveReload.script.utf8))
    }
    router.get(RouterPath(LiveReload.eventsPath)) { _, _ in
      let stream = await hub.subscribe()
      var headers = HTTPFields()
      headers[.contentType] = "text/event-stream"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody(asyncSequence: stream.map { ByteBuffer(string: $0) }))
    }
    // The generation is read before the file, and a build's files are all written before
    // it is announced: a page is never older than its tag (at worst newer, which costs
    // one extra reload).
    // Every method reaches the filter (it answers all but GET and HEAD itself).
    for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options, .trace, .connect] {
      router.on("/**", method: method) { request, _ in
        Self.serve(request.uri.path, root: root, generation: await hub.status.generation)
      }
      router.on("/", method: method) { request, _ in
        Self.serve(request.uri.path, root: root, generation: await hub.status.generation)
      }
    }
    return router
  }

  /// The response for a site path; HTML pages get the reload script tagged with
  /// `generation`, the build current when the request came.
  static func serve(_ path: String, root: ServedFiles, generation: Int) -> Response {
    switch ServedPath.resolve(path, in: root) {
    case .file(let path):
      guard let data = root.file(at: path) else { return notFound(root: root, generation: generation) }
      return response(
        .ok, contentType: MediaTypes.contentType(for: path), body: injected(data, path, generation: generation))
    case .redirect(let location):
      var headers = HTTPFields()
      headers[.location] = location
      headers[.cacheControl] = "no-store"
      return Response(status: .movedPermanently, headers: headers)
    case .notFound:
      return notFound(root: root, generation: generation)
    case .forbidden:
      return response(.forbidden, contentType: "text/plain; charset=utf-8", body: Data("Forbidden\n".utf8))
    }
  }

  static func notFound(root: ServedFiles, generation: Int) -> Response {
    let data = root.file(at: "404.html") ?? Data(bareNotFoundPage.utf8)
    return response(
      .notFound, contentType: "text/html; charset=utf-8", body: injected(data, "404.html", generation: generation))
  }

  /// The 404 page of a site that has none yet.
  static let bareNotFoundPage = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
    <body><h1>Not found</h1><p>There is no page at this address (yet).</p></body></html>

    """

  static func injected(_ data: Data, _ path: String, generation: Int) -> Data {
    guard path.hasSuffix(".html") else { return data }
    return Data(LiveReload.inject(into: String(decoding: data, as: UTF8.self), generation: generation).utf8)
  }

  static func response(_ status: HTTPResponse.Status, contentType: String, body: Data) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    headers[.cacheControl] = "no-store"
    headers[.contentLength] = String(body.count)
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
