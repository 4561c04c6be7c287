import Hummingbird

/// The preview serves files: `GET` and `HEAD` only. `HEAD` answers exactly as `GET`
/// would, headers and length included, without the body; any other method gets
/// `405 Method Not Allowed` with `Allow: GET, HEAD`.
struct MethodFilter<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    switch request.method {
    case .get:
      return try await next(request, context)
    case .head:
      var head = request.head
      head.method = .get
      let response = try await next(Request(head: head, body: request.body), context)
      return Response(status: response.status, headers: response.headers, body: ResponseBody())
    default:
      var headers = HTTPFields()
      headers[.allow] = "GET, HEAD"
      headers[.contentType] = "text/plain; charset=utf-8"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .methodNotAllowed, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: "Method Not Allowed\n")))
    }
  }
}
