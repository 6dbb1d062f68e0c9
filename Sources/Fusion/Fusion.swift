// Pure math and the attitude filter: vectors, quaternions, matrices, and the 6D/9D filter that turns timestamped 
// samples into attitude, gravity and user acceleration. Imports nothing but the Swift standard library.
