/// The candidate closest to `word` by edit distance, when close enough to be a likely
/// typo ("did you mean"): at most a third of the letters wrong (one for short words),
/// and never all of them (`7` suggests nothing, not `1`). Of candidates as close, the
/// one that sorts first: the suggestion never depends on the order a dictionary or a set
/// lists its keys in, which changes from one run to the next.
public func closest(_ word: String, _ candidates: some Sequence<String>) -> String? {
  let target = Array(word.lowercased().unicodeScalars)
  var best: (String, Int)?
  for candidate in candidates {
    let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
    let length = max(target.count, candidate.unicodeScalars.count)
    let limit = max(1, min(3, length / 3))
    guard distance <= limit, distance < length else { continue }
    if let (chosen, least) = best, distance > least || (distance == least && chosen <= candidate) { continue }
    best = (candidate, distance)
  }
  return best?.0
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  if abs(a.count - b.count) > 8 { return max(a.count, b.count) }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previous2[j - 2] + 1)
      }
    }
    (previous2, previous, current) = (previous, current, previous2)
  }
  return previous[b.count]
}
