import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Finds out before starting the server whether the port can be used, to say so clearly.
enum PortCheck {
  static func problem(host: String, port: Int) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    // As the server binds (SO_REUSEADDR): connections of a server that just stopped,
    // waiting out TIME-WAIT, do not make the port look taken; a listening one still does.
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      return nil  // Not an IPv4 literal: let the server resolve it.
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result != 0 else { return nil }
    if errno == EADDRINUSE {
      return "port \(port) on \(host) is already in use; stop the other server or try --port \(port + 1)"
    }
    if errno == EACCES {
      return "no permission to listen on port \(port); try a port above 1023, such as --port 1313"
    }
    return "cannot listen on \(host):\(port): errno \(errno)"
  }
}
