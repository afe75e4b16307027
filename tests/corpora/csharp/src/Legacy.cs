namespace Shop.Legacy
{
    // lode: Shop.Legacy.Ledger
    public static class Ledger
    {
        // lode: Ledger.Post
        public static void Post(int amount) { }
    }
}
