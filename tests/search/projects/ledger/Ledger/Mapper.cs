using System;
using System.Collections.Generic;
using System.Data;

namespace Ledger
{
    /// <summary>Maps the rows of a query onto typed entries.</summary>
    public static partial class Mapper
    {
        private static readonly Dictionary<Type, Func<IDataRecord, object>> Builders = new();

        /// <summary>Reads every row the reader holds and builds one entry per row.</summary>
        public static List<T> Materialize<T>(IDataReader reader)
        {
            var build = BuilderFor(typeof(T));
            var entries = new List<T>();
            while (reader.Read())
            {
                entries.Add((T)build(reader));
            }
            return entries;
        }

        private static Func<IDataRecord, object> BuilderFor(Type type)
        {
            if (!Builders.TryGetValue(type, out var build))
            {
                build = record => Activator.CreateInstance(type, record.GetValue(0));
                Builders[type] = build;
            }
            return build;
        }
    }
}
