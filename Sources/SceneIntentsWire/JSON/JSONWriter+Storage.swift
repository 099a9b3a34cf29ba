extension JSONWriter {
    /// The bytes written, copied out.
    package var bytes: [UInt8] { withBytes { Array($0) } }

    /// Lends the bytes written to `body`.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// One byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    /// Bytes lent by the caller.
    @inline(__always)
    mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        if count + source.count > capacity { grow(toHold: count + source.count) }
        (start + count).update(from: base, count: source.count)
        count += source.count
    }

    /// A key written in the source, quoted and followed by its colon (and preceded by a comma
    /// when one is due): one bounds test and one copy. Nothing in it is escaped: the messages'
    /// keys are identifiers, which hold nothing JSON escapes.
    @inline(__always)
    mutating func key(literal key: StaticString) {
        // A one-character literal may be held as a scalar, with no pointer to its bytes.
        guard key.hasPointerRepresentation else { return key.withUTF8Buffer { write(key: $0) } }
        write(key: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func write(key utf8: UnsafeBufferPointer<UInt8>) {
        let length = utf8.count
        if count + length + 4 > capacity { grow(toHold: count + length + 4) }
        if needsComma {
            start[count] = UInt8(ascii: ",")
            count += 1
        }
        start[count] = UInt8(ascii: "\"")
        if let base = utf8.baseAddress { (start + count + 1).update(from: base, count: length) }
        start[count + 1 + length] = UInt8(ascii: "\"")
        start[count + 2 + length] = UInt8(ascii: ":")
        count += length + 3
        needsComma = false
    }

    /// The UTF-8 of `text`, as it is (no quotes, no escapes).
    mutating func append(utf8 text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            var text = text
            text.withUTF8 { append(contentsOf: $0) }
        }
    }

    /// Room for `needed` bytes, at least twice what there was: the bytes move to a larger block.
    mutating func grow(toHold needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
