using System.Data;

namespace Ledger
{
    /// <summary>Opens the database the ledger is kept in.</summary>
    public static class Connection
    {
        public static IDbConnection Open(string connectionString)
        {
            var connection = Factory.Create(connectionString);
            connection.Open();
            return connection;
        }
    }
}
