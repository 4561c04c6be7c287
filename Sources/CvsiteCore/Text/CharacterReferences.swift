/// The character an HTML character reference stands for, from its name between `&` and
/// `;`: `quot`, `amp`, `lt`, `gt`, `apos`, `nbsp`, `#NN` and `#xHH`; `nil` for any other
/// (the references cmark and this build write, and the ones authors type).
public func characterReference(_ name: some StringProtocol) -> Unicode.Scalar? {
  switch name {
  case "quot": return "\""
  case "amp": return "&"
  case "lt": return "<"
  case "gt": return ">"
  case "apos": return "'"
  case "nbsp": return "\u{A0}"
  default: break
  }
  if name.hasPrefix("#x") || name.hasPrefix("#X") {
    return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
  }
  if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
  return nil
}
