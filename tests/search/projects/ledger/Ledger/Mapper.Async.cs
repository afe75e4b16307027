using System.Collections.Generic;
using System.Data.Common;
using System.Threading.Tasks;

namespace Ledger
{
    public static partial class Mapper
    {
        /// <summary>Materializes the rows into entries without blocking the caller.</summary>
        public static async Task<List<T>> MaterializeAsync<T>(DbDataReader rows)
        {
            await rows.ReadAsync();
            return Materialize<T>(rows);
        }
    }
}
