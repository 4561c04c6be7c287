/// Strings joined from random pieces, the same for the same seed (a 64-bit LCG).
struct PieceGenerator {
  let pieces: [String]
  var state: UInt64

  init(pieces: [String], seed: UInt64) {
    self.pieces = pieces
    state = seed
  }

  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// `minimum` up to `minimum + bound - 1` pieces: the count is drawn first, then each piece.
  mutating func string(fewerThan bound: Int, atLeast minimum: Int = 0) -> String {
    let count = next(bound) + minimum
    return (0..<count).map { _ in pieces[next(pieces.count)] }.joined()
  }
}
