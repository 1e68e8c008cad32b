extension EntryAttributes {
    /// Seconds the entry rests on screen, counted from the end of its entrance to the
    /// start of its exit. `.infinity` keeps it until it is dismissed. Default 2.
    public typealias DisplayDuration = Double
}
