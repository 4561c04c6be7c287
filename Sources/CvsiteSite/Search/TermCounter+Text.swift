extension TermCounter {
  /// Counts in `field` each term that `tokenizer` cuts from `text` (valid UTF-8), in
  /// order, and returns how many there were: what calling ``add(_:field:)`` for each
  /// term of ``SearchTokenizer/forEachTerm(inUTF8:_:)`` does, with the commonest words
  /// made into terms in the loop that finds them.
  ///
  /// Those are words of one to eight ASCII letters and digits (most words of most
  /// pages): packed into an integer, lowercased and folded there
  /// (``shortTerm(_:length:english:)``). Every other word (longer, or in another
  /// script) goes through the tokenizer.
  func addTerms(of text: UnsafeBufferPointer<UInt8>, field: Field, tokenizer: SearchTokenizer) -> Int {
    guard let base = text.baseAddress else { return 0 }
    let count = text.count
    let english = tokenizer.english
    var added = 0
    // As in `forEachTerm`: where the word being read starts (-1 between words), and
    // whether the byte before the block may be part of a word.
    var wordStart = -1
    var blockStart = 0
    var carried: UInt64 = 0
    while blockStart < count {
      let word = Self.readBlock(base + blockStart, available: count &- blockStart)
      let previous = word << 1 | carried
      var starts = word & ~previous
      var ends = ~word & previous
      carried = word >> 63
      // A word from an earlier block ends at this block's first end, if it has one.
      if wordStart >= 0 {
        guard ends != 0 else {
          blockStart &+= 64
          continue
        }
        let end = blockStart &+ ends.trailingZeroBitCount
        ends &= ends &- 1
        added &+= addShortOrSlowly(base, from: wordStart, to: end, count: count, field, tokenizer, english)
        wordStart = -1
      }
      // Each start in the block pairs with the next end; a start with none is a word
      // that goes on into the next block.
      while starts != 0 {
        let first = starts.trailingZeroBitCount
        starts &= starts &- 1
        guard ends != 0 else {
          wordStart = blockStart &+ first
          break
        }
        let last = ends.trailingZeroBitCount
        ends &= ends &- 1
        added &+= addShortOrSlowly(
          base, from: blockStart &+ first, to: blockStart &+ last, count: count, field, tokenizer, english)
      }
      blockStart &+= 64
    }
    if wordStart >= 0 {
      added &+= addShortOrSlowly(base, from: wordStart, to: count, count: count, field, tokenizer, english)
    }
    return added
  }

  /// Counts the word from `start` to `end`: by its packed bytes when it is a short
  /// ASCII word (eight bytes read at once where the text has them, the word's kept),
  /// else through the tokenizer. Returns how many terms it made.
  @inline(__always)
  private func addShortOrSlowly(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, count: Int, _ field: Field,
    _ tokenizer: SearchTokenizer, _ english: Bool
  ) -> Int {
    let length = end &- start
    if length <= 8 {
      let packed =
        start &+ 8 <= count
        ? UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).littleEndian
          & TextBlock.bits(below: length &* 8)
        : Self.pack(UnsafeBufferPointer(start: base + start, count: length))
      if packed & ByteWords.highs == 0 {
        let (term, termLength) = Self.shortTerm(packed, length: length, english: english)
        add(packed: term, length: termLength, field: field)
        return 1
      }
    }
    return addSlowly(UnsafeBufferPointer(start: base + start, count: length), field, tokenizer)
  }

  /// The term of a word of one to eight ASCII letters and digits, packed first byte
  /// lowest, and its length: lowercased (each byte `| 0x20`, which leaves digits as
  /// they are) and, for English, its plural folded by the rules of
  /// ``SearchTokenizer/keptByFolding(_:length:)``.
  @inline(__always)
  static func shortTerm(_ packed: UInt64, length: Int, english: Bool) -> (UInt64, Int) {
    // Bytes past the word are zero, and stay so.
    let term = packed | (0x2020_2020_2020_2020 & TextBlock.bits(below: length &* 8))
    guard english, length >= 4, term &>> UInt64(8 &* (length &- 1)) == 0x73 else { return (term, length) }
    return foldPlural(term, length: length)
  }

  /// ``shortTerm(_:length:english:)`` for a lowercased word of four bytes or more that
  /// ends in `s`: `ies` → `y`; `sses`, `xes`, `ches`, `shes` lose `es`; `ss`, `us`, `is`
  /// stay; otherwise the `s` goes.
  @inline(never)
  private static func foldPlural(_ term: UInt64, length: Int) -> (UInt64, Int) {
    // The last `size` bytes, as a packed suffix (the bytes past the word are zero).
    let last2 = term >> UInt64(8 * (length - 2))
    let last3 = term >> UInt64(8 * (length - 3))
    let last4 = term >> UInt64(8 * (length - 4))
    if length >= 5, last3 == 0x73_6569 {
      return (term & TextBlock.bits(below: (length - 3) * 8) | 0x79 << UInt64(8 * (length - 3)), length - 2)
    }
    if last4 == 0x7365_7373 || last3 == 0x73_6578 || last4 == 0x7365_6863 || last4 == 0x7365_6873 {
      return (term & TextBlock.bits(below: (length - 2) * 8), length - 2)
    }
    if last2 == 0x7373 || last2 == 0x7375 || last2 == 0x7369 { return (term, length) }
    return (term & TextBlock.bits(below: (length - 1) * 8), length - 1)
  }

  /// The bits of the block at `start` (`available` bytes of it are the text's) for
  /// the bytes that may be part of a word: ``TextBlock``'s `word`, without its other
  /// bits.
  @inline(__always)
  private static func readBlock(_ start: UnsafePointer<UInt8>, available: Int) -> UInt64 {
    guard available >= 64 else { return TextBlock(start, available: available).word }
    let raw = UnsafeRawPointer(start)
    var word: UInt64 = 0
    for part in 0..<8 {
      let bytes = raw.loadUnaligned(fromByteOffset: part * 8, as: UInt64.self).littleEndian
      word |=
        TextBlock.gather(ByteWords.letters(bytes) | ByteWords.within(bytes, 0x30, 0x39) | bytes & ByteWords.highs)
        << UInt64(part * 8)
    }
    return word
  }

  /// The terms of one word through the tokenizer; returns how many.
  private func addSlowly(_ word: UnsafeBufferPointer<UInt8>, _ field: Field, _ tokenizer: SearchTokenizer) -> Int {
    var added = 0
    tokenizer.emitWord(word, TextBlock.flags(of: word)) {
      add($0, field: field)
      added += 1
    }
    return added
  }
}
