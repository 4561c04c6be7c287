// Resolution and rendering throughput of ContainerViews, and heap allocations per view.
//
//   swift run -c release ContainerViewsBenchmark [--sizes 1000,10000,100000] [--runs 5]
//
// Each tree is a card container (Group(subviews:) reading a container value) whose
// content is a ForEach of rows; every row is a VStack holding two Texts, one with a
// container value and padding. "Views" counts every view value the tree is made of.
import CAllocCounter
import ContainerViews
import Foundation

enum Badge: Hashable { case none, new, pro }

extension ContainerValues {
  @Entry var benchBadge: Badge = .none
}

struct Card<Content: View>: View {
  @ViewBuilder let content: Content
  var body: some View {
    Group(subviews: content) { subviews in
      HTMLElement("ul", attributes: ["class": "cards", "data-count": String(subviews.count)]) {
        ForEach(subviews) { subview in
          HTMLElement("li", attributes: ["class": "badge-\(subview.containerValues.benchBadge)"]) { subview }
        }
      }
    }
  }
}

struct Row: Identifiable {
  let id: Int
  let title: String
  let badge: Badge
}

/// Views per row: ForEach row content VStack(1) + Text(1) + containerValue(1) + padding(1) + Text(1).
let viewsPerRow = 5

func tree(rows: [Row]) -> some View {
  Card {
    ForEach(rows) { row in
      VStack {
        Text(row.title).containerValue(\.benchBadge, row.badge).padding(4)
        Text("body of \(row.id)")
      }
      .containerValue(\.benchBadge, row.badge)
    }
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

var sizes = [1_000, 10_000, 100_000]
var runs = 5
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--sizes":
    sizes = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
  case "--runs":
    runs = arguments.next().flatMap { Int($0) } ?? runs
  default:
    print("usage: ContainerViewsBenchmark [--sizes 1000,10000,100000] [--runs 5]")
    exit(2)
  }
}

print("| views | rows | median ms | views/s | allocations/view | HTML bytes |")
print("|---|---|---|---|---|---|")
for size in sizes {
  let rowCount = max(1, size / viewsPerRow)
  let rows = (0..<rowCount).map { Row(id: $0, title: "Card \($0)", badge: [.none, .new, .pro][$0 % 3]) }
  var times: [Double] = []
  var allocations: [Double] = []
  var bytes = 0
  for _ in 0..<max(1, runs) {
    let before = cv_allocation_count()
    let start = DispatchTime.now().uptimeNanoseconds
    let html = renderHTML(tree(rows: rows))
    let end = DispatchTime.now().uptimeNanoseconds
    allocations.append(Double(cv_allocation_count() - before))
    times.append(Double(end - start) / 1e9)
    bytes = html.utf8.count
  }
  let views = Double(rowCount * viewsPerRow)
  let seconds = median(times)
  print(
    "| \(Int(views)) | \(rowCount) | \(String(format: "%.2f", seconds * 1000)) | "
      + "\(String(format: "%.0f", views / seconds)) | \(String(format: "%.1f", median(allocations) / views)) | \(bytes) |"
  )
}
