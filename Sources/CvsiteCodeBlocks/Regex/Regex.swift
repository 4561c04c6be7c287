import CPCRE2

/// A PCRE2 pattern compiled (and JIT-compiled where the machine allows) for UTF-8 text.
/// The C handle never leaves this file.
final class Regex: @unchecked Sendable {
  // Immutable after `init`; PCRE2 allows one compiled pattern to be matched from many
  // threads at once, each with its own match data.
  private let code: OpaquePointer
  /// Whether the JIT compiled it: then matches take PCRE2's direct JIT entry.
  private let isJITCompiled: Bool
  /// How many capture groups the pattern has.
  let captureCount: Int
  /// The pattern as compiled, for error messages and caches.
  let pattern: String
  private let options: Options
  /// The same pattern compiled anchored, for matches that must start at their start
  /// offset: PCRE2's JIT cannot anchor at match time, and its interpreter costs several
  /// times more per call. `nil` for a pattern compiled anchored.
  private let anchoredTwin: LazyRegexes?

  /// Why a pattern does not compile: PCRE2's message and the byte offset it points at.
  struct CompileError: Error, Equatable {
    var message: String
    var offset: Int
  }

  /// Options a pattern is compiled with.
  struct Options: OptionSet, Hashable {
    let rawValue: UInt32
    static let caseless = Options(rawValue: PCRE2_CASELESS)
    static let extended = Options(rawValue: PCRE2_EXTENDED)
    static let duplicateNames = Options(rawValue: PCRE2_DUPNAMES)
    /// Matches only at the start offset (compiled in, so the JIT keeps it).
    static let anchored = Options(rawValue: PCRE2_ANCHORED)
  }

  init(_ pattern: String, options: Options = []) throws(CompileError) {
    var errorCode: Int32 = 0
    var errorOffset = 0
    let flags = options.rawValue | PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_ALLOW_EMPTY_CLASS
    let compiled = pattern.withCString { text in
      text.withMemoryRebound(to: UInt8.self, capacity: pattern.utf8.count) {
        pcre2_compile_8($0, pattern.utf8.count, flags, &errorCode, &errorOffset, nil)
      }
    }
    guard let compiled else {
      var buffer = [UInt8](repeating: 0, count: 256)
      let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
      throw CompileError(
        message: String(decoding: buffer.prefix(max(0, Int(length))), as: UTF8.self), offset: errorOffset)
    }
    // Without JIT (an unsupported machine) the interpreter still matches, only slower.
    isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
    var groups: UInt32 = 0
    _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &groups)
    code = compiled
    captureCount = Int(groups)
    self.pattern = pattern
    self.options = options
    anchoredTwin =
      options.contains(.anchored) ? nil : LazyRegexes([pattern], options: options.union(.anchored), needsJIT: true)
  }

  deinit { pcre2_code_free_8(code) }

  /// What PCRE2 worked out about where a match can start.
  struct StartInfo {
    /// Per byte, whether a match can start with it; `nil`: any.
    var bytes: [Bool]?
    var canBeEmpty: Bool
    /// It matches only at the subject's start.
    var onlyAtStart: Bool
  }

  /// What PCRE2 worked out about where a match can start.
  var startInfo: StartInfo {
    var options: UInt32 = 0
    _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_ALLOPTIONS), &options)
    var minimum: UInt32 = 0
    _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MINLENGTH), &minimum)
    var type: UInt32 = 0
    _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &type)
    var bytes: [Bool]?
    if type == 1 {
      var unit: UInt32 = 0
      _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit)
      var set = [Bool](repeating: false, count: 256)
      let byte = UInt8(truncatingIfNeeded: unit)
      set[Int(byte)] = true
      // Either case of a letter: the pattern may be caseless.
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { set[Int(byte ^ 0x20)] = true }
      bytes = set
    } else if type == 0 {
      var map: UnsafePointer<UInt8>?
      _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &map)
      if let map { bytes = (0..<256).map { map[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 } }
    }
    return StartInfo(bytes: bytes, canBeEmpty: minimum == 0, onlyAtStart: options & PCRE2_ANCHORED != 0)
  }

  /// The result of one match attempt.
  enum Outcome {
    case matched
    case noMatch
    /// The match or depth limit was reached: the pattern backtracks too much on this text.
    case limit
  }

  /// Matches in `text[..<length]` from byte `start`; `anchored` requires the match to
  /// begin there. Captures are read from `scratch` afterwards.
  func match(_ text: UnsafePointer<UInt8>, length: Int, from start: Int, anchored: Bool, scratch: MatchScratch)
    -> Outcome
  {
    // PCRE2's JIT cannot anchor at match time: an anchored twin can (``anchoredTwin``).
    // Its direct entry skips the checks `pcre2_match` repeats on every call.
    if anchored, isJITCompiled { return matchAnchored(text, length: length, from: start, scratch: scratch) }
    let result =
      isJITCompiled
      ? pcre2_jit_match_8(code, text, length, start, PCRE2_NO_UTF_CHECK, scratch.data, scratch.context)
      : pcre2_match_8(
        code, text, length, start, (anchored ? PCRE2_ANCHORED : 0) | PCRE2_NO_UTF_CHECK, scratch.data,
        scratch.context)
    return Self.outcome(result)
  }

  private static func outcome(_ result: Int32) -> Outcome {
    if result >= 0 { return .matched }
    if result == PCRE2_ERROR_MATCHLIMIT || result == PCRE2_ERROR_DEPTHLIMIT || result == PCRE2_ERROR_HEAPLIMIT
      || result == PCRE2_ERROR_JIT_STACKLIMIT
    {
      return .limit
    }
    return .noMatch
  }

  /// A match that must start at `start`, by the anchored twin where there is one.
  @inline(never)
  private func matchAnchored(_ text: UnsafePointer<UInt8>, length: Int, from start: Int, scratch: MatchScratch)
    -> Outcome
  {
    if options.contains(.anchored) {
      return Self.outcome(
        pcre2_jit_match_8(code, text, length, start, PCRE2_NO_UTF_CHECK, scratch.data, scratch.context))
    }
    if let outcome = anchoredTwin?.match(0, text, length: length, from: start, scratch: scratch) { return outcome }
    return Self.outcome(
      pcre2_match_8(code, text, length, start, PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK, scratch.data, scratch.context))
  }

  /// The address of the JIT-compiled code, for ``matchJIT(address:_:length:from:scratch:)``;
  /// `nil` when the JIT did not take the pattern. Valid while this regex lives.
  var jitAddress: Int? { isJITCompiled ? Int(bitPattern: code) : nil }

  /// A match by the JIT code at `address` (a ``jitAddress``), which must still be alive:
  /// no regex is retained for it.
  static func matchJIT(
    address: Int, _ text: UnsafePointer<UInt8>, length: Int, from start: Int, scratch: MatchScratch
  ) -> Outcome {
    guard let code = OpaquePointer(bitPattern: address) else { return .noMatch }
    return outcome(pcre2_jit_match_8(code, text, length, start, PCRE2_NO_UTF_CHECK, scratch.data, scratch.context))
  }

  /// The number of the group called `name` that took part in the last match in
  /// `scratch`: with duplicate names (`(?P<HDB>…)` in each branch, as a shell
  /// heredoc's `'EOF'` or `"EOF"`), the one that matched; `nil` when none did.
  func groupNumber(named name: String, matchedIn scratch: MatchScratch) -> Int? {
    var first: PCRE2_SPTR8?
    var last: PCRE2_SPTR8?
    let entrySize = name.withCString { text in
      text.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) {
        pcre2_substring_nametable_scan_8(code, $0, &first, &last)
      }
    }
    guard entrySize > 0, var entry = first, let last else { return nil }
    // Each entry: the group number in two bytes, high first, then the name.
    while entry <= last {
      let number = Int(entry[0]) << 8 | Int(entry[1])
      if scratch.range(number) != nil { return number }
      entry += Int(entrySize)
    }
    return nil
  }

  /// The `(*MARK:…)` name of the last match, when it has one.
  static func mark(_ scratch: MatchScratch) -> Int? {
    guard let name = pcre2_get_mark_8(scratch.data) else { return nil }
    var value = 0
    var pointer = name
    while pointer.pointee >= 0x30, pointer.pointee <= 0x39 {
      value = value * 10 + Int(pointer.pointee - 0x30)
      pointer += 1
    }
    return value
  }
}

/// Per-highlight state PCRE2 needs for matching: match data and the backtracking limits.
/// One thread at a time (``PlanCache`` lends them out one by one).
final class MatchScratch: @unchecked Sendable {
  fileprivate let data: OpaquePointer
  fileprivate let context: OpaquePointer
  private let vector: UnsafeMutablePointer<Int>

  /// `matchLimit` bounds the backtracking of one match attempt (PCRE2's match limit).
  init(matchLimit: UInt32 = 200_000) {
    data = pcre2_match_data_create_8(64, nil)
    context = pcre2_match_context_create_8(nil)
    pcre2_set_match_limit_8(context, matchLimit)
    pcre2_set_depth_limit_8(context, 2_000)
    vector = pcre2_get_ovector_pointer_8(data)
  }

  deinit {
    pcre2_match_data_free_8(data)
    pcre2_match_context_free_8(context)
  }

  /// The byte range of group `group` of the last match, `nil` when it did not take part.
  func range(_ group: Int) -> Range<Int>? {
    guard group < 64 else { return nil }
    let lower = vector[2 * group]
    let upper = vector[2 * group + 1]
    guard lower != ~0, upper >= lower else { return nil }
    return lower..<upper
  }
}
