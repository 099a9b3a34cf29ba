extension ManualClock {
    /// A point in time on a ``ManualClock``, measured from the clock's start.
    ///
    /// Instants compare, hash and encode by their ``offset`` alone, so instants taken
    /// from two different clocks that share an offset are equal.
    public struct Instant: InstantProtocol, Codable, Hashable, Sendable, CustomStringConvertible {
        /// The time elapsed since the clock's start; may be negative for instants before it.
        public var offset: Duration

        /// Creates the instant `offset` after the clock's start.
        ///
        /// A negative `offset` denotes an instant before the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// Returns the instant `duration` later than this one (earlier when negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// Returns the duration from this instant to `other`; negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by their offset from the clock's start.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// A readable form such as `t+1.5 seconds`, for test failure messages.
        public var description: String {
            offset < .zero ? "t\(offset)" : "t+\(offset)"
        }
    }
}
