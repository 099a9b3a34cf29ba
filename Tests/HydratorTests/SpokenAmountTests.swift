import Foundation
import HydratorKit
import HydratorShell
import SceneIntentsShell
import Testing

/// Amounts as people say them: a negative or zero amount is refused with the definition's own
/// reason wherever it is given (in the request, at the question, on the Add screen), and "1
/// ounce", "8 oz" and number words are understood.
@MainActor
struct SpokenAmountTests {
    let shell = ShellTests()

    @Test func aNegativeOrZeroAmountIsRefusedWithItsReasonWhereverItIsGiven() async throws {
        let (status, lines) = try await shell.run("""
            log -5 ounces of water
            cancel
            log 0 ounces of water
            cancel
            track my water intake
            -3
            0
            2
            water
            :today
            """)
        #expect(status == 1)
        #expect(lines == [
            "> log -5 ounces of water", "Assistant: Sorry, I can't log a negative amount.", "Assistant: How many ounces?",
            "> cancel", "Assistant: OK, cancelled.", "(Hydrator is not running.)",
            "> log 0 ounces of water", "Assistant: Sorry, I can't log less than 1 ounce.", "Assistant: How many ounces?",
            "> cancel", "Assistant: OK, cancelled.", "(Hydrator is not running.)",
            "> track my water intake", "Assistant: How many ounces?",
            "> -3", "Assistant: Sorry, I can't log a negative amount.", "Assistant: How many ounces?",
            "> 0", "Assistant: Sorry, I can't log less than 1 ounce.", "Assistant: How many ounces?",
            "> 2", "Assistant: Water, coffee, tea, juice, soda or milk?", "> water", "Assistant: Item Added!",
            "(Hydrator is in the background.)",
            "> :today", "Today — 2 oz", "  09:05  2 oz water", "  Water: 2 oz", "(Hydrator is in the background.)",
        ])
    }

    @Test func theAddScreenRefusesTheSameAmountsWithTheSameWords() async throws {
        let (_, lines) = try await shell.run(":open\n:add\n:pick 1\n:ounces -3\n:save\n:ounces 0\n:save")
        let saves = lines.indices.filter { lines[$0] == "> :save" }.map { lines[$0 + 1] }
        #expect(saves == ["Sorry, I can't log a negative amount.", "Sorry, I can't log less than 1 ounce."])
    }

    @Test func oneOunceOzAndNumberWordsAreUnderstood() async throws {
        let (status, lines) = try await shell.run("""
            log 1 ounce of water
            log 8 oz of tea
            log eight ounces of milk
            add twenty-four ounces of coffee
            track my water intake
            a hundred and two
            soda
            track my water intake
            3 oz
            milk
            track my water intake
            -2 ounces
            cancel
            :today
            """)
        #expect(status == 1)
        #expect(lines.filter { $0.hasPrefix("Assistant:") } == [
            "Assistant: Item Added!", "Assistant: Item Added!", "Assistant: Item Added!", "Assistant: Item Added!",
            "Assistant: How many ounces?", "Assistant: Water, coffee, tea, juice, soda or milk?", "Assistant: Item Added!",
            "Assistant: How many ounces?", "Assistant: Water, coffee, tea, juice, soda or milk?", "Assistant: Item Added!",
            "Assistant: How many ounces?", "Assistant: Sorry, I can't log a negative amount.", "Assistant: How many ounces?",
            "Assistant: OK, cancelled.",
        ])
        #expect(Array(lines.suffix(14)) == [
            "> :today", "Today — 146 oz", "  09:05  1 oz water", "  09:05  8 oz tea", "  09:05  8 oz milk",
            "  09:05  24 oz coffee", "  09:05  102 oz soda", "  09:05  3 oz milk", "  Water: 1 oz", "  Coffee: 24 oz", "  Tea: 8 oz",
            "  Soda: 102 oz", "  Milk: 11 oz", "(Hydrator is in the background.)",
        ])
    }
}

/// An amount with its unit written against the number ("8oz", "12ounces") is read as "8 oz" is,
/// in the request and at "How many ounces?".
@MainActor
struct SpokenAmountFaultTests {
    let shell = ShellTests()

    @Test func aUnitWrittenAgainstTheNumberIsUnderstood() async throws {
        let (status, lines) = try await shell.run("""
            log 8oz of water
            add 12ounces of tea
            track my water intake
            3oz
            milk
            log -2oz of water
            cancel
            :today
            """)
        #expect(status == 1)
        #expect(lines.filter { $0.hasPrefix("Assistant:") } == [
            "Assistant: Item Added!", "Assistant: Item Added!",
            "Assistant: How many ounces?", "Assistant: Water, coffee, tea, juice, soda or milk?", "Assistant: Item Added!",
            "Assistant: Sorry, I can't log a negative amount.", "Assistant: How many ounces?", "Assistant: OK, cancelled.",
        ])
        #expect(Array(lines.suffix(9)) == [
            "> :today", "Today — 23 oz", "  09:05  8 oz water", "  09:05  12 oz tea", "  09:05  3 oz milk",
            "  Water: 8 oz", "  Tea: 12 oz", "  Milk: 3 oz", "(Hydrator is in the background.)",
        ])
    }
}

/// Fluid ounces, the unit drinks are sold in, said as "fl oz" or "fluid ounces", are ounces.
@MainActor
struct FluidOunceFaultTests {
    let shell = ShellTests()

    @Test func fluidOuncesAreOunces() async throws {
        let (status, lines) = try await shell.run("""
            log 8 fl oz of water
            add 4 fluid ounces of tea
            track my water intake
            2 fl oz
            milk
            :today
            """)
        #expect(status == 0)
        #expect(lines.filter { $0.hasPrefix("Assistant:") } == [
            "Assistant: Item Added!", "Assistant: Item Added!",
            "Assistant: How many ounces?", "Assistant: Water, coffee, tea, juice, soda or milk?", "Assistant: Item Added!",
        ])
        #expect(lines.contains("Today — 14 oz"))
    }
}

/// A fraction of an ounce answered at "How many ounces?" is refused with a reason of its own,
/// rather than as words the assistant did not catch.
@MainActor
struct FractionalAmountFaultTests {
    let shell = ShellTests()

    @Test func aFractionOfAnOunceIsRefusedWithItsReason() async throws {
        let (status, lines) = try await shell.run("""
            log a drink of water
            1.5
            2.5oz
            3
            :today
            """)
        #expect(status == 0)
        #expect(lines.filter { $0.hasPrefix("Assistant:") } == [
            "Assistant: How many ounces?",
            "Assistant: Sorry, I can only log whole ounces.", "Assistant: How many ounces?",
            "Assistant: Sorry, I can only log whole ounces.", "Assistant: How many ounces?",
            "Assistant: Item Added!",
        ])
        #expect(lines.contains("  09:05  3 oz water"))
    }

    @Test func aFractionSaidInTheRequestItselfIsRefusedWithItsReasonToo() async throws {
        let (status, lines) = try await shell.run("""
            log 1.5 ounces of water
            2
            """)
        #expect(status == 0)
        #expect(lines.filter { $0.hasPrefix("Assistant:") } == [
            "Assistant: Sorry, I can only log whole ounces.", "Assistant: How many ounces?",
            "Assistant: Item Added!",
        ])
    }
}
