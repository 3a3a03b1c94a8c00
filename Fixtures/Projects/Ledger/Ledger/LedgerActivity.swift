import Foundation

/// The user activity types of Ledger, as NSUserActivityTypes lists them.
enum LedgerActivity {
  static let entry = "com.example.ledger.entry"
  static let report = "com.example.ledger.report"
}
