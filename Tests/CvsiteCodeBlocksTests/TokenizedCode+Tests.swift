@testable import CvsiteCodeBlocks

extension TokenizedCode {
  /// Each line's runs on their own, to find the first line where two tokenizations differ.
  var runsByLine: [[Run]] { lines.indices.map { Array(runs(ofLine: $0)) } }
}
