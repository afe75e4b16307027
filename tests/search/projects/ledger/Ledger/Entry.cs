namespace Ledger
{
    /// <summary>One booked amount.</summary>
    public sealed class Entry
    {
        public Entry(object amount) => Amount = (decimal)amount;

        public decimal Amount { get; }

        public override string ToString() => Amount.ToString("0.00");
    }
}
