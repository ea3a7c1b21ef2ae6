// The one jotai store. React reads it through <Provider>; code outside React (the API
// middleware, the token refresh timer) reads and changes it with store.get/store.set.
import { createStore } from 'jotai';

export const store = createStore();
