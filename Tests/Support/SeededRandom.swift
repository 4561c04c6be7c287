/// A deterministic random source (SplitMix64): the same seed draws the same sequence on
/// every machine, so a generated test that fails can be replayed.
public struct SeededRandom: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One of `choices`.
  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Strings joined from random pieces, the same for the same seed.
public struct PieceGenerator {
  public let pieces: [String]
  public var random: SeededRandom

  public init(pieces: [String], seed: UInt64) {
    self.pieces = pieces
    random = SeededRandom(seed: seed)
  }

  /// A number in `0..<bound`.
  public mutating func next(_ bound: Int) -> Int { random.below(bound) }

  /// `minimum` up to `minimum + bound - 1` pieces: the count is drawn first, then each piece.
  public mutating func string(fewerThan bound: Int, atLeast minimum: Int = 0) -> String {
    let count = next(bound) + minimum
    return (0..<count).map { _ in pieces[next(pieces.count)] }.joined()
  }
}
