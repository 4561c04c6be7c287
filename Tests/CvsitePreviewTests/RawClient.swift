import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP client for the live-server tests: it can hold a request open, read what
/// arrives, and hang up mid-response, which HTTP client libraries hide.
final class RawClient {
  private var fd: Int32

  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawClientError(message: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(fd)
      throw RawClientError(message: "connect: errno \(errno)")
    }
  }

  deinit { close() }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  /// Reads until the text received contains `marker`, the peer closes, or `timeout`
  /// passes; returns everything received and whether the peer closed. Never blocks a
  /// thread: the server under test may need the same cooperative threads.
  func read(until marker: String?, timeout: Duration = .seconds(5)) async -> (text: String, closed: Bool) {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 0) > 0 else {
        try? await Task.sleep(for: .milliseconds(10))
        continue
      }
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[0..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
  }

  func close() {
    guard fd >= 0 else { return }
    Glibc.close(fd)
    fd = -1
  }
}

struct RawClientError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
