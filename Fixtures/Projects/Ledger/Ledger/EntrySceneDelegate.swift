import UIKit

/// A window showing one entry; it asks for the links and activities of entries.
final class EntrySceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "self BEGINSWITH 'entry-'")
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "self BEGINSWITH 'entry-'")
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = LedgerViewController()
    self.window = window
    window.makeKeyAndVisible()
    if let activity = connectionOptions.userActivities.first { scene(scene, continue: activity) }
  }

  func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    (window?.rootViewController as? LedgerViewController)?.show(activity: userActivity)
  }
}
