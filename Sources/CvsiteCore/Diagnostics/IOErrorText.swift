import Foundation

/// Why a file operation failed, in the system's words (`Permission denied`, `Is a
/// directory`), never Foundation's `NSCocoaErrorDomain` wording: the errno under a Cocoa
/// error when it has one; an error of cvsite's own says itself.
public func describeIOError(_ error: any Error) -> String {
  if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
  let nsError = error as NSError
  if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
    let posix = underlying as NSError
    if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
  }
  if let cocoa = error as? CocoaError {
    switch cocoa.code {
    case .fileReadNoSuchFile, .fileNoSuchFile: return "No such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
    case .fileReadInapplicableStringEncoding: return "not valid text in the expected encoding"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    default: return "the file system refused (\(cocoa.code.rawValue))"
    }
  }
  if nsError.domain == NSCocoaErrorDomain { return "the file system refused (\(nsError.code))" }
  return String(describing: error)
}
