import Foundation
import SceneIntents
import Synchronization

/// A donation's identifier: what ``IntentDonationManager/deleteDonations(matching:)`` deletes it by.
public struct IntentDonationIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The identifier of the interaction the system keeps the donation as.
    public let interactionIdentifier: String

    /// The identifier.
    public var description: String { interactionIdentifier }
}

/// Which donations to delete.
public struct IntentDonationMatchingPredicate: Sendable, Hashable {
    let deletion: Deletion

    enum Deletion: Sendable, Hashable {
        case identifiers([IntentDonationIdentifier])
        case intentType(String)
    }

    /// The donations with these identifiers.
    public static func donationIdentifiers(_ identifiers: [IntentDonationIdentifier]) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(deletion: .identifiers(identifiers))
    }

    /// Every donation of intents of this type.
    public static func intentType<Intent: AppIntent>(_ type: Intent.Type) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(deletion: .intentType(Intent.persistentIdentifier))
    }
}

/// Why a donation, or a deletion, did not reach the system.
public struct IntentDonationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What did not reach it ("a donation of LogDrinkIntent").
    public let what: String

    /// An error about `what`.
    public init(what: String) {
        self.what = what
    }

    /// One line for logs.
    public var description: String {
        "\(what) did not reach the system: the app is not connected to one (attach the manager to the app, which AppIntentsAppDelegate does as it launches)"
    }
}

/// Teaches the system what the user does in the app, as App Intents' `IntentDonationManager`
/// does: each donation is an interaction (the intent with its values, and its result) that the
/// system's shortcuts store keeps, and offers back as suggestions and voice shortcuts.
///
/// ```swift
/// IntentDonationManager.shared.donate(intent: LogDrinkIntent(ounces: 8, drink: .water))
/// ```
///
/// Donations travel in order over the app's connection to the system, like everything else the
/// app tells it. A manager reaches the app it is attached to: ``AppIntentsAppDelegate`` attaches
/// its manager (`shared` unless given another) as the app launches; an app with a delegate of
/// its own calls ``attach(_:)``. A donation made before, or with no system connected, is not
/// kept: the synchronous forms ignore that, as Apple's do, and the `async` forms throw
/// ``IntentDonationError``. Deleting by intent type deletes the donations whose group is the
/// intent's name (every donation made here has it as its group).
public final class IntentDonationManager: Sendable {
    /// The app's manager.
    public static let shared = IntentDonationManager()

    private struct Attachment: Sendable {
        weak var application: Application?
    }

    private let attachment = Mutex(Attachment())

    /// A manager attached to no app yet.
    public init() {}

    /// Sends this manager's donations to `application`'s system from now on.
    @MainActor
    public func attach(_ application: Application) {
        attachment.withLock { $0.application = application }
    }

    /// Donates `intent`: the system keeps it, with its values, as something the user did. On
    /// the main actor, as the app's interface is, so donations keep the order they were made in.
    @MainActor @discardableResult
    public func donate<Intent: AppIntent>(intent: Intent) -> IntentDonationIdentifier {
        let (identifier, message) = Self.donation(of: intent, result: nil)
        _ = tell(message)
        return identifier
    }

    /// Donates `intent` with the result it had (its dialog and value).
    @MainActor @discardableResult
    public func donate<Intent: AppIntent, Result: IntentResult>(intent: Intent, result: Result) -> IntentDonationIdentifier {
        let (identifier, message) = Self.donation(of: intent, result: result)
        _ = tell(message)
        return identifier
    }

    /// Donates `intent`; throws ``IntentDonationError`` when no system is connected.
    @discardableResult
    public func donate<Intent: AppIntent>(intent: Intent) async throws -> IntentDonationIdentifier {
        let (identifier, message) = Self.donation(of: intent, result: nil)
        try await deliver(message, "a donation of \(Intent.persistentIdentifier)")
        return identifier
    }

    /// Donates `intent` with its result; throws ``IntentDonationError`` when no system is connected.
    @discardableResult
    public func donate<Intent: AppIntent, Result: IntentResult>(intent: Intent, result: Result) async throws -> IntentDonationIdentifier {
        let (identifier, message) = Self.donation(of: intent, result: result)
        try await deliver(message, "a donation of \(Intent.persistentIdentifier)")
        return identifier
    }

    /// Deletes the donations `predicate` matches, answering the identifiers it names (for an
    /// intent type, none: the system does not say which it deleted); throws
    /// ``IntentDonationError`` when no system is connected.
    @discardableResult
    public func deleteDonations(matching predicate: IntentDonationMatchingPredicate) async throws -> [IntentDonationIdentifier] {
        switch predicate.deletion {
        case .identifiers(let identifiers):
            try await deliver(.deleteDonations(.identifiers(identifiers.map(\.interactionIdentifier))), "a deletion of donations")
            return identifiers
        case .intentType(let name):
            try await deliver(.deleteDonations(.group(name)), "a deletion of \(name)'s donations")
            return []
        }
    }

    /// The interaction a donation of `intent` is: a new identifier, the intent's name as its
    /// group, the result's dialog and value as its response; a ``PredictableIntent``'s fitting
    /// prediction's title as its suggested phrase.
    private static func donation<Intent: AppIntent>(of intent: Intent, result: (any IntentResult)?)
        -> (IntentDonationIdentifier, ShortcutsMessage)
    {
        let identifier = IntentDonationIdentifier(interactionIdentifier: UUID().uuidString)
        var response: IntentResponse?
        if let parts = result as? any ResultParts {
            var made = IntentResponse(code: .success)
            if let value = parts.spokenValue { made.values["value"] = value }
            made.dialog = parts.spokenDialog ?? parts.spokenValue
            response = made
        }
        let interaction = Interaction(
            intent: AppIntentsCatalog.request(intent), response: response, identifier: identifier.interactionIdentifier,
            groupIdentifier: Intent.persistentIdentifier, handlingStatus: .success, date: Date())
        // A predictable intent suggests itself with the title its fitting prediction gives it.
        return (identifier, .donate(interaction, suggestedPhrase: (intent as? any PredictableIntent)?.predictedPhrase))
    }

    @MainActor
    private func deliver(_ message: ShortcutsMessage, _ what: String) throws(IntentDonationError) {
        guard tell(message) else { throw IntentDonationError(what: what) }
    }

    @MainActor
    private func tell(_ message: ShortcutsMessage) -> Bool {
        attachment.withLock { $0.application }?.tellShortcuts(message) ?? false
    }
}

extension AppIntent {
    /// Donates this intent through ``IntentDonationManager/shared``.
    @discardableResult
    public func donate() async throws -> IntentDonationIdentifier {
        try await IntentDonationManager.shared.donate(intent: self)
    }

    /// Donates this intent with `result` through ``IntentDonationManager/shared``.
    @discardableResult
    public func donate<Result: IntentResult>(result: Result) async throws -> IntentDonationIdentifier {
        try await IntentDonationManager.shared.donate(intent: self, result: result)
    }
}
