module Shop.Json (encode) where

import qualified Shop.Value as V

encode :: V.Value -> String
encode v =
    -- lode-ref: Shop.Value.render
    V.render v
