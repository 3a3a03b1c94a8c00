import UIKit

/// A monthly report in a window of its own.
final class ReportSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    let report = LedgerViewController()
    report.show(activity: connectionOptions.userActivities.first)
    window.rootViewController = report
    self.window = window
    window.makeKeyAndVisible()
  }
}
