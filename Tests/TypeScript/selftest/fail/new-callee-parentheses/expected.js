const x = new a().b();
