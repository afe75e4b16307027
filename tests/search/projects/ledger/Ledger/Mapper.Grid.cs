using System.Data;

namespace Ledger
{
    public static partial class Mapper
    {
        /// <summary>Several result sets read one after another.</summary>
        public sealed class Grid
        {
            private readonly IDataReader reader;

            public Grid(IDataReader reader) => this.reader = reader;

            /// <summary>Whether every result set of the reader has been consumed.</summary>
            public bool IsConsumed { get; private set; }

            public void MarkConsumed()
            {
                IsConsumed = true;
                reader.Dispose();
            }
        }
    }
}
