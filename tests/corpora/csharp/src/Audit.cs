namespace Shop.Legacy
{
    // A block namespace: Ledger, of the same namespace in another file, needs no `using`.
    public static class Audit
    {
        // lode-ref: Shop.Legacy.Ledger.Post
        public static void Record(int amount) => Ledger.Post(amount);
    }
}
