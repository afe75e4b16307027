package server

// A cache of any key and value types: K and V are type parameters, named again by
// the methods' receivers; their uses are no references of the package.
// lode: server.Cache
type Cache[K comparable, V any] struct {
	items map[K]V
}

// lode: server.Cache.Get
func (c *Cache[K, V]) Get(key K) (V, bool) {
	v, ok := c.items[key]
	return v, ok
}

// lode: server.Keys
func Keys[K comparable, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, K(k))
	}
	return keys
}

// lode: server.StoreCache
// lode-ref: server.Store
type StoreCache = Cache[string, *Store]
