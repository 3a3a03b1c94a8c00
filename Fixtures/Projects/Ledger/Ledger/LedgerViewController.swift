import UIKit

/// The list of entries (the view code of the app, elided).
final class LedgerViewController: UITableViewController {
  func show(url: URL) {}
  func show(activity: NSUserActivity?) {}
  func newEntry() {}
}
