import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    true
  }

  /// An entry or a report dragged out into a window of its own gets its configuration (K7).
  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    switch options.userActivities.first?.activityType {
    case LedgerActivity.entry:
      return UISceneConfiguration(name: "Entry Configuration", sessionRole: connectingSceneSession.role)
    case "com.example.ledger.report":
      return UISceneConfiguration(name: "Report Configuration", sessionRole: connectingSceneSession.role)
    default:
      return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
  }
}
